import type { Exercise } from '@spotter/contract';

/**
 * The catalogue's common lifts and runs (their public ids): after a person's own most used, these
 * come first among names that match as well, so "bench" finds Barbell Bench Press before Bench Dip
 * and "dead" Conventional Deadlift before Dead Bug.
 */
export const commonExercises = [
  'barbell-back-squat',
  'barbell-bench-press',
  'conventional-deadlift',
  'overhead-press',
  'barbell-row',
  'pull-up',
  'running',
  'push-up',
  'plank',
  'romanian-deadlift',
  'dumbbell-bench-press',
  'lat-pulldown',
  'chin-up',
  'leg-press',
  'barbell-front-squat',
  'incline-barbell-bench-press',
  'outdoor-cycling',
  'rowing-machine',
  'walking',
  'barbell-hip-thrust',
  'dumbbell-curl',
] as const;
const commonRank = new Map<string, number>(commonExercises.map((id, i) => [id, i]));

/** Lower case, accents dropped, every run of other characters one space: "Pull-Up" reads "pull up". */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** 0: the name itself; 1: a name or a word of it starting with what was typed; 2: containing it; -1: not. */
function matchTier(name: string, query: string): number {
  const n = words(name);
  const q = words(query);
  const compact = (text: string) => text.replaceAll(' ', '');
  if (n === q || compact(n) === compact(q)) return 0;
  if (n.startsWith(q) || n.includes(` ${q}`)) return 1;
  return compact(n).includes(compact(q)) ? 2 : -1;
}

/**
 * The exercise search done on the device, over the catalogue kept for offline logging (issue 48):
 * the name itself first; then names with a word starting with what was typed; then names containing
 * it. Within each, the person's most used (`usage`: id -> times logged), then the common lifts, then
 * the name starting with it, then alphabetical. With nothing typed: the most used, then the common.
 */
export function searchCatalogue(
  catalogue: readonly Exercise[],
  query: string,
  limit: number,
  usage: ReadonlyMap<string, number> = new Map(),
): Exercise[] {
  const q = words(query);
  const ranked = catalogue
    .map((exercise) => ({
      exercise,
      tier: q === '' ? 1 : matchTier(exercise.name, q),
      used: usage.get(exercise._id) ?? 0,
      common: commonRank.get(exercise._id) ?? Number.POSITIVE_INFINITY,
      starts: q !== '' && words(exercise.name).startsWith(q) ? 0 : 1,
    }))
    .filter((x) => x.tier >= 0 && (q !== '' || x.used > 0 || Number.isFinite(x.common)));
  return ranked
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        b.used - a.used ||
        (a.common === b.common ? 0 : a.common < b.common ? -1 : 1) ||
        a.starts - b.starts ||
        a.exercise.name.localeCompare(b.exercise.name),
    )
    .slice(0, limit)
    .map((x) => x.exercise);
}

/** How often the person logged each exercise, from their workouts at hand. */
export function usageOf(workouts: readonly { exercises: readonly { exerciseId: string }[] }[]): Map<string, number> {
  const usage = new Map<string, number>();
  for (const workout of workouts) {
    for (const { exerciseId } of workout.exercises) usage.set(exerciseId, (usage.get(exerciseId) ?? 0) + 1);
  }
  return usage;
}
