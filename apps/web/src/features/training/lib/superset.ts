import type { DraftExercise } from './draft';

type Grouped = Pick<DraftExercise, 'supersetGroup'>;

const groupOf = (entry: Grouped | undefined) => entry?.supersetGroup ?? null;

/** Whether the exercise at `index` is done back to back with the one before it (same superset group). */
export function withPrevious(exercises: readonly Grouped[], index: number): boolean {
  const group = groupOf(exercises[index]);
  return index > 0 && group !== null && group === groupOf(exercises[index - 1]);
}

/** Whether the exercise at `index` is part of a superset shown in the form (grouped with a neighbour). */
export function inSuperset(exercises: readonly Grouped[], index: number): boolean {
  return withPrevious(exercises, index) || withPrevious(exercises, index + 1);
}

/**
 * The exercises with the one at `index` joined to the one before it (`on`), or taken out of that
 * superset: joining takes the previous exercise's group (a new number when it had none); leaving
 * gives the rest of the run (this one and those after it in the same group) a group of their own,
 * and an exercise left alone in a group leaves it.
 */
export function setWithPrevious<T extends Grouped>(exercises: readonly T[], index: number, on: boolean): T[] {
  const next = exercises.map((e) => ({ ...e }));
  const here = next[index];
  const before = next[index - 1];
  if (!here || !before) return next;
  const fresh = () => Math.max(0, ...next.map((e) => groupOf(e) ?? 0)) + 1;
  const old = groupOf(here);
  if (on && groupOf(before) === null) before.supersetGroup = fresh();
  const group = on ? groupOf(before) : fresh();
  // This one and those after it done with it (same group, back to back) move together.
  for (let i = index; i < next.length; i += 1) {
    const entry = next[i];
    if (!entry || (i > index && (old === null || groupOf(entry) !== old))) break;
    entry.supersetGroup = group;
  }
  // A group this change touched that is left with one exercise is none; other groups stay as stored.
  const touched = new Set([old, group]);
  return next.map((e, i) =>
    touched.has(groupOf(e)) && groupOf(e) !== null && !inSuperset(next, i) ? { ...e, supersetGroup: null } : e,
  );
}

/** Each superset's number as the form names it ("Superset 1", "Superset 2"), in the order they come. */
export function supersetLabels(exercises: readonly Grouped[]): (string | null)[] {
  let count = 0;
  return exercises.map((_, i) => {
    if (!inSuperset(exercises, i)) return null;
    if (!withPrevious(exercises, i)) count += 1;
    return `Superset ${count}`;
  });
}

/** What ExerciseEntry's superset box shows for the exercise at `index`. */
export function supersetOf(exercises: readonly (Grouped & { exercise: { name: string } })[], index: number) {
  return {
    previousName: exercises[index - 1]?.exercise.name ?? null,
    withPrevious: withPrevious(exercises, index),
    label: supersetLabels(exercises)[index] ?? null,
  };
}
