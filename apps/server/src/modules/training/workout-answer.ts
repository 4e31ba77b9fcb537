import {
  type ExerciseMeasure,
  recordTypes,
  type Workout,
  type WorkoutRecord,
  type WorkoutSet,
} from '@spotter/contract';
import { toApiTimestamp } from '../../db/time';
import { type ExerciseFigures, exerciseFigures, type SetValues } from './set-metrics';

/** One exercise of a workout as stored: the exercise's own fields and its sets in order. */
export interface AnswerEntry {
  exerciseId: string;
  name: string;
  category: Workout['exercises'][number]['category'];
  measure: ExerciseMeasure;
  notes: string;
  restSec: number | null;
  supersetGroup: number | null;
  sets: SetValues[];
}

export interface AnswerWorkout {
  id: string;
  username: string;
  title: string;
  startedAt: Date | string;
  durationSec: number | null;
  notes: string;
  /** The public id of the routine it was started from. */
  routineId: string | null;
  totalVolumeKg: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const recordOrder = new Map(recordTypes.map((type, i) => [type, i]));

/** A set as answered: every field named, `done` true unless it was sent false. */
export const answerSet = (set: SetValues): WorkoutSet => ({
  type: set.type,
  reps: set.reps,
  weightKg: set.weightKg,
  distanceM: set.distanceM,
  durationSec: set.durationSec,
  rpe: set.rpe,
  done: set.done !== false,
});

/**
 * A workout as the API answers it, from its stored parts: the one place that shapes it, both when
 * it is read back and when it is answered from what was just written (POST /api/workouts), so the
 * two cannot differ. Records follow the exercises' order, then the record types', heavier first.
 * `figures`, when the caller has them (a workout just written computed them for its rows), are each
 * entry's `exerciseFigures`, in the entries' order.
 */
export function workoutAnswer(
  workout: AnswerWorkout,
  entries: readonly AnswerEntry[],
  records: readonly WorkoutRecord[],
  figures?: readonly ExerciseFigures[],
): Workout {
  const firstPosition = new Map<string, number>();
  entries.forEach((e, i) => {
    if (!firstPosition.has(e.exerciseId)) firstPosition.set(e.exerciseId, i);
  });
  return {
    _id: workout.id,
    username: workout.username,
    title: workout.title,
    startedAt: toApiTimestamp(workout.startedAt),
    durationSec: workout.durationSec,
    notes: workout.notes,
    routineId: workout.routineId,
    totalVolumeKg: workout.totalVolumeKg,
    exercises: entries.map((entry, i) => {
      const computed = figures?.[i] ?? exerciseFigures(entry.measure, entry.sets);
      return {
        ...entry,
        sets: entry.sets.map(answerSet),
        ...computed,
        bestSet: computed.bestSet && { ...answerSet(computed.bestSet), index: computed.bestSet.index },
      };
    }),
    records: [...records].sort(
      (a, b) =>
        (firstPosition.get(a.exerciseId) ?? 0) - (firstPosition.get(b.exerciseId) ?? 0) ||
        (recordOrder.get(a.type) ?? 0) - (recordOrder.get(b.type) ?? 0) ||
        (b.weightKg ?? 0) - (a.weightKg ?? 0),
    ),
    createdAt: toApiTimestamp(workout.createdAt),
    updatedAt: toApiTimestamp(workout.updatedAt),
  };
}

/**
 * A workout as someone other than its owner sees it when the owner keeps their records private
 * (`showRecords: false`, issue 45 finding 4): no records, no best set, no e1RM. The sets, volumes and
 * everything else stay.
 */
export function withoutRecords(workout: Workout): Workout {
  return {
    ...workout,
    exercises: workout.exercises.map((e) => ({ ...e, bestSet: null, e1rmKg: null })),
    records: [],
  };
}

/** A workout as the viewer may see it: whole for its owner, or when the owner shows their records. */
export const workoutSeenBy = (workout: Workout, showRecords: boolean, ownWorkout: boolean): Workout =>
  showRecords || ownWorkout ? workout : withoutRecords(workout);
