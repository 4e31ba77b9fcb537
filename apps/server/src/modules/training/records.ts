import { bestTimeDistances, type RecordType, roundTo } from '@spotter/contract';
import { epleyE1rm, figure, isWorkSet, type SetValues, volumeKg } from './set-metrics';

/** One exercise in one workout: what the record rules look at. */
export interface ExerciseSession {
  workoutId: string;
  /** As `toISOString()` writes it, so that text order is time order. */
  startedAt: string;
  exerciseId: string;
  sets: readonly SetValues[];
}

/** A record a workout set: `value` beat `previous`, the best of the owner's earlier workouts. */
export interface WorkoutRecordEntry {
  workoutId: string;
  exerciseId: string;
  type: RecordType;
  value: number;
  /** The weight of a mostReps record (reps at that weight); null for the other types. */
  weightKg: number | null;
  previous: number;
}

type ScalarType = Exclude<RecordType, 'mostReps'>;
const scalarTypes: readonly ScalarType[] = [
  'heaviestWeight',
  'bestE1rm',
  'bestVolume',
  'longestDistance',
  'fastestPace',
  'longestDuration',
  'fastest1k',
  'fastest5k',
  'fastest10k',
];

const bestTimes = Object.entries(bestTimeDistances) as [keyof typeof bestTimeDistances, number][];

/** The best of each kind in one session, or so far: the scalar bests and the most reps at each weight. */
export interface Bests {
  scalar: Partial<Record<ScalarType, number>>;
  /** weight in kg (to the gram) -> most reps done at exactly that weight */
  repsAtWeight: Map<number, number>;
}

const emptyBests = (): Bests => ({ scalar: {}, repsAtWeight: new Map() });

/** Less is better for pace and the best times. */
const lessIsBetter = new Set<ScalarType>(['fastestPace', 'fastest1k', 'fastest5k', 'fastest10k']);
const beats = (type: ScalarType, value: number, previous: number) =>
  lessIsBetter.has(type) ? value < previous : value > previous;

function keepBest(bests: Bests['scalar'], type: ScalarType, value: number) {
  const current = bests[type];
  if (current === undefined || beats(type, value, current)) bests[type] = value;
}

/**
 * What one session reached. Warm-ups and sets not done count for nothing; a set of 0 reps, 0 m or
 * 0 s is not a performance. A set timed without a distance (a plank) is a duration; a set covering
 * 1, 5 or 10 km gives a time over that distance at its average pace (decision 075).
 */
export function sessionBests(sets: readonly SetValues[]): Bests {
  const bests = emptyBests();
  for (const set of sets) {
    if (!isWorkSet(set)) continue;
    const reps = set.reps ?? 0;
    const weight = set.weightKg ?? 0;
    if (reps >= 1) {
      const key = roundTo(weight, 3);
      bests.repsAtWeight.set(key, Math.max(reps, bests.repsAtWeight.get(key) ?? 0));
      if (weight > 0) keepBest(bests.scalar, 'heaviestWeight', figure(weight));
      const e1rm = epleyE1rm(weight, reps);
      if (e1rm !== undefined) keepBest(bests.scalar, 'bestE1rm', figure(e1rm));
    }
    const distance = set.distanceM ?? 0;
    if (distance > 0) {
      keepBest(bests.scalar, 'longestDistance', figure(distance));
      // Seconds per kilometre.
      const seconds = set.durationSec ?? 0;
      if (seconds > 0) {
        keepBest(bests.scalar, 'fastestPace', figure((seconds * 1000) / distance));
        for (const [type, metres] of bestTimes) {
          if (distance >= metres) keepBest(bests.scalar, type, figure((seconds * metres) / distance));
        }
      }
    } else if (set.distanceM === null && (set.durationSec ?? 0) > 0) {
      keepBest(bests.scalar, 'longestDuration', set.durationSec ?? 0);
    }
  }
  const volume = volumeKg(sets);
  if (volume > 0) bests.scalar.bestVolume = volume;
  return bests;
}

/** Earlier first by `startedAt`; two workouts started at the same instant are ordered by id. */
export const bySessionOrder = (a: Pick<ExerciseSession, 'startedAt' | 'workoutId'>, b: typeof a) =>
  a.startedAt < b.startedAt
    ? -1
    : a.startedAt > b.startedAt
      ? 1
      : a.workoutId < b.workoutId
        ? -1
        : a.workoutId > b.workoutId
          ? 1
          : 0;

/** An exercise logged twice in one workout is one session: its sets together (volume adds up). */
function mergeSessions(sessions: readonly ExerciseSession[]): ExerciseSession[] {
  const merged = new Map<string, ExerciseSession>();
  for (const session of sessions) {
    const key = `${session.workoutId}\u0000${session.exerciseId}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, sets: [...seen.sets, ...session.sets] } : session);
  }
  return [...merged.values()].sort(bySessionOrder);
}

/**
 * Replays sessions in time order and answers the records each set, and the bests after the last one.
 * A record is a strict improvement on an earlier best: a tie sets none, and an exercise's first
 * session sets none (there is nothing to beat; it only starts the table). `prior` holds the bests of
 * sessions before the first one given, so that a change needs to replay only what follows it.
 */
export function replayRecords(
  sessions: readonly ExerciseSession[],
  prior: ReadonlyMap<string, Bests> = new Map(),
): { records: WorkoutRecordEntry[]; bests: Map<string, Bests> } {
  const bests = new Map<string, Bests>();
  for (const [exerciseId, b] of prior)
    bests.set(exerciseId, { scalar: { ...b.scalar }, repsAtWeight: new Map(b.repsAtWeight) });
  const records: WorkoutRecordEntry[] = [];
  for (const session of mergeSessions(sessions)) {
    const reached = sessionBests(session.sets);
    let current = bests.get(session.exerciseId);
    if (!current) {
      current = emptyBests();
      bests.set(session.exerciseId, current);
    }
    const record = (type: RecordType, value: number, previous: number, weightKg: number | null = null) =>
      records.push({ workoutId: session.workoutId, exerciseId: session.exerciseId, type, value, weightKg, previous });
    for (const type of scalarTypes) {
      const value = reached.scalar[type];
      if (value === undefined) continue;
      const previous = current.scalar[type];
      if (previous === undefined) current.scalar[type] = value;
      else if (beats(type, value, previous)) {
        record(type, value, previous);
        current.scalar[type] = value;
      }
    }
    for (const [weight, reps] of [...reached.repsAtWeight].sort(([a], [b]) => b - a)) {
      const previous = current.repsAtWeight.get(weight);
      if (previous === undefined) current.repsAtWeight.set(weight, reps);
      else if (reps > previous) {
        record('mostReps', reps, previous, weight);
        current.repsAtWeight.set(weight, reps);
      }
    }
  }
  return { records, bests };
}
