import type { Workout, WorkoutSummary } from '@spotter/contract';
import { withoutRecords } from './workout-answer';

/**
 * What a post's card shows of its workout: each exercise's best set, and the records as badges. A
 * person who keeps their records private (`showRecords: false`) shows neither (issue 45, finding 4):
 * the card is the same for every reader, its author included (decision 067).
 */
export function workoutSummary(workout: Workout, showRecords: boolean): WorkoutSummary {
  if (!showRecords) return workoutSummary(withoutRecords(workout), true);
  const names = new Map(workout.exercises.map((e) => [e.exerciseId, e.name]));
  return {
    _id: workout._id,
    title: workout.title,
    startedAt: workout.startedAt,
    durationSec: workout.durationSec,
    totalVolumeKg: workout.totalVolumeKg,
    exercises: workout.exercises.map((e) => ({
      exerciseId: e.exerciseId,
      name: e.name,
      measure: e.measure,
      setCount: e.sets.length,
      bestSet: e.bestSet
        ? {
            type: e.bestSet.type,
            reps: e.bestSet.reps,
            weightKg: e.bestSet.weightKg,
            distanceM: e.bestSet.distanceM,
            durationSec: e.bestSet.durationSec,
            rpe: e.bestSet.rpe,
          }
        : null,
    })),
    records: workout.records.map((r) => ({
      exerciseId: r.exerciseId,
      exerciseName: names.get(r.exerciseId) ?? '',
      type: r.type,
      value: r.value,
      weightKg: r.weightKg,
    })),
  };
}
