import { roundTo } from '@spotter/contract';
import type { FederatedWorkout } from '@spotter/contract/schemas';

type Exercise = FederatedWorkout['exercises'][number];
type Set = Exercise['sets'][number];

/** How many exercises the line names before "and N more": a toot is read at a glance. */
const namedExercises = 4;

const number = (value: number) => String(roundTo(value, 2));
const kg = (value: number) => `${number(value)} kg`;

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const distance = (metres: number) => (metres >= 1000 ? `${number(metres / 1000)} km` : `${number(metres)} m`);

/** The sets that count: done, and not warm-ups (when every set is a warm-up, those). */
function workSets(sets: readonly Set[]): Set[] {
  const done = sets.filter((s) => s.done !== false);
  const work = done.filter((s) => s.type !== 'warmup');
  return work.length > 0 ? work : done;
}

const allSame = (sets: readonly Set[], of: (s: Set) => unknown) => sets.every((s) => of(s) === of(sets[0] as Set));

/** "3 × 5 at 160 kg", "3 sets, top 5 × 170 kg", "3 × 10", "1:00 plank"... for one exercise's sets. */
function setsText(exercise: Exercise): string | undefined {
  const sets = workSets(exercise.sets);
  const first = sets[0];
  if (!first) return undefined;
  const n = sets.length;
  switch (exercise.measure) {
    case 'weight_reps':
    case 'reps': {
      const weighted = sets.some((s) => (s.weightKg ?? 0) > 0);
      if (allSame(sets, (s) => s.reps) && allSame(sets, (s) => s.weightKg ?? 0)) {
        const reps = `${n} × ${first.reps ?? 0}`;
        return weighted ? `${reps} at ${kg(first.weightKg ?? 0)}` : reps;
      }
      const top = [...sets].sort((a, b) => (b.weightKg ?? 0) - (a.weightKg ?? 0) || (b.reps ?? 0) - (a.reps ?? 0))[0];
      if (!top) return undefined;
      const best = weighted ? `top ${top.reps ?? 0} × ${kg(top.weightKg ?? 0)}` : `best ${top.reps ?? 0} reps`;
      return n === 1 ? best.replace(/^(top|best) /, '') : `${n} sets, ${best}`;
    }
    case 'duration': {
      if (allSame(sets, (s) => s.durationSec))
        return n === 1 ? clock(first.durationSec ?? 0) : `${n} × ${clock(first.durationSec ?? 0)}`;
      const longest = Math.max(...sets.map((s) => s.durationSec ?? 0));
      return `${n} sets, longest ${clock(longest)}`;
    }
    case 'distance_duration': {
      const metres = sets.reduce((sum, s) => sum + (s.distanceM ?? 0), 0);
      const seconds = sets.reduce((sum, s) => sum + (s.durationSec ?? 0), 0);
      const total = [metres > 0 ? distance(metres) : null, seconds > 0 ? `in ${clock(seconds)}` : null]
        .filter((part) => part !== null)
        .join(' ');
      if (n === 1 || !allSame(sets, (s) => s.distanceM)) return total || `${n} sets`;
      return `${n} × ${distance(first.distanceM ?? 0)}${seconds > 0 ? ` in ${clock(seconds)}` : ''}`;
    }
  }
}

/**
 * The line a workout post's Note begins with, so every fediverse server shows the workout as text
 * ("Deadlift 3 × 5 at 160 kg, new record; Squat 3 × 5 at 140 kg"). Always in kg, metres and seconds,
 * whatever units its author or reader uses: federated text is the data's, and one Note goes to every
 * reader (decision 095). Exercises with a record say "new record".
 */
export function workoutText(workout: FederatedWorkout): string {
  const withRecord = new Set(workout.records.map((r) => r.key ?? r.exercise));
  const parts = workout.exercises.flatMap((exercise) => {
    const sets = setsText(exercise);
    if (!sets) return [];
    const record = withRecord.has(exercise.key ?? exercise.name) || withRecord.has(exercise.name);
    return [`${exercise.name} ${sets}${record ? ', new record' : ''}`];
  });
  if (parts.length === 0) return workout.title;
  const shown = parts.slice(0, namedExercises);
  const more = parts.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more ${more === 1 ? 'exercise' : 'exercises'}` : ''}`;
}
