import { type ExerciseMeasure, e1rmRepRange, roundTo, type SetType } from '@spotter/contract';

/** A set as stored (SI units); absent values are null. */
export interface SetValues {
  type: SetType;
  reps: number | null;
  weightKg: number | null;
  distanceM: number | null;
  durationSec: number | null;
  rpe: number | null;
  /** False for a set planned but not done; absent means done. */
  done?: boolean;
}

export interface ExerciseFigures {
  volumeKg: number;
  bestSet: (SetValues & { index: number }) | null;
  e1rmKg: number | null;
}

/** Figures in answers and records are kept to the hundredth, so that float noise never makes a record. */
export const figure = (value: number) => roundTo(value, 2);

/**
 * Epley's estimated one-rep max, for sets of 1 to 12 reps with a load; undefined otherwise. A single
 * is its own one-rep max (Epley's formula would add 3 % to a lift that was actually done).
 */
export function epleyE1rm(weightKg: number | null, reps: number | null): number | undefined {
  if (weightKg === null || reps === null || weightKg <= 0) return undefined;
  if (reps < e1rmRepRange.min || reps > e1rmRepRange.max) return undefined;
  return reps === 1 ? weightKg : weightKg * (1 + reps / 30);
}

/** A set that counts: done, and not a warm-up. */
export const isWorkSet = (set: SetValues) => set.type !== 'warmup' && set.done !== false;

/** reps x weight, summed over the sets that are done and not warm-ups. */
export function volumeKg(sets: readonly SetValues[]): number {
  let total = 0;
  for (const set of sets) if (isWorkSet(set)) total += (set.reps ?? 0) * (set.weightKg ?? 0);
  return figure(total);
}

/** Positive when `a` is the better set for the measure; the earlier set wins a tie. */
function compareSets(measure: ExerciseMeasure, a: SetValues, b: SetValues): number {
  switch (measure) {
    case 'weight_reps':
    case 'reps':
      return (a.weightKg ?? 0) - (b.weightKg ?? 0) || (a.reps ?? 0) - (b.reps ?? 0);
    case 'duration':
      return (a.durationSec ?? 0) - (b.durationSec ?? 0);
    case 'distance_duration':
      // Further is better; over the same distance, the quicker one (a missing time ranks last).
      return (
        (a.distanceM ?? 0) - (b.distanceM ?? 0) ||
        (b.durationSec ?? Number.POSITIVE_INFINITY) - (a.durationSec ?? Number.POSITIVE_INFINITY)
      );
  }
}

/** The heaviest (or longest, furthest) set that is not a warm-up. */
export function bestSet(measure: ExerciseMeasure, sets: readonly SetValues[]): (SetValues & { index: number }) | null {
  let best: (SetValues & { index: number }) | null = null;
  sets.forEach((set, index) => {
    if (!isWorkSet(set)) return;
    if (best === null || compareSets(measure, set, best) > 0) best = { ...set, index };
  });
  return best;
}

/** The highest Epley estimate among the sets that are not warm-ups. */
export function bestE1rm(sets: readonly SetValues[]): number | null {
  let best: number | null = null;
  for (const set of sets) {
    if (!isWorkSet(set)) continue;
    const estimate = epleyE1rm(set.weightKg, set.reps);
    if (estimate !== undefined && (best === null || estimate > best)) best = estimate;
  }
  return best === null ? null : figure(best);
}

export function exerciseFigures(measure: ExerciseMeasure, sets: readonly SetValues[]): ExerciseFigures {
  return { volumeKg: volumeKg(sets), bestSet: bestSet(measure, sets), e1rmKg: bestE1rm(sets) };
}

/** What a progress point charts for reps, holds and runs; null when no work set has it. */
export interface ProgressFigures {
  mostReps: number | null;
  /** The longest timed set without a distance (a plank, a carry). */
  longestHoldSec: number | null;
  longestDistanceM: number | null;
  /** Seconds per km of the quickest set with both a distance and a time. */
  fastestPaceSecPerKm: number | null;
}

/** An entry's progress figures from its work sets (stored with it: migration 140 fills the old ones alike). */
export function progressFiguresOf(sets: readonly SetValues[]): ProgressFigures {
  const figures: ProgressFigures = {
    mostReps: null,
    longestHoldSec: null,
    longestDistanceM: null,
    fastestPaceSecPerKm: null,
  };
  const most = (current: number | null, value: number | null) =>
    value !== null && value > 0 && (current === null || value > current) ? value : current;
  for (const set of sets) {
    if (!isWorkSet(set)) continue;
    figures.mostReps = most(figures.mostReps, set.reps);
    if (set.distanceM === null) figures.longestHoldSec = most(figures.longestHoldSec, set.durationSec);
    figures.longestDistanceM = most(figures.longestDistanceM, set.distanceM);
    if ((set.distanceM ?? 0) > 0 && (set.durationSec ?? 0) > 0) {
      const pace = ((set.durationSec ?? 0) * 1000) / (set.distanceM ?? 1);
      if (figures.fastestPaceSecPerKm === null || pace < figures.fastestPaceSecPerKm)
        figures.fastestPaceSecPerKm = pace;
    }
  }
  return figures;
}
