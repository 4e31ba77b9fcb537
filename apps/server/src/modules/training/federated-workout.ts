import crypto from 'node:crypto';
import type { Workout, WorkoutSummary } from '@spotter/contract';
import { type FederatedWorkout, federatedWorkoutSchema } from '@spotter/contract/schemas';
import { catalogue } from './catalogue';
import { figure, type SetValues, volumeKg } from './set-metrics';
import { withoutRecords, workoutAnswer } from './workout-answer';
import { workoutSummary } from './workout-summary';

const catalogueKeys = new Set(catalogue.map((e) => e.id));

/**
 * A logged workout as it leaves the server (`spotter:workout`, docs/federation.md): catalogue
 * exercises by their key (the same on every Spotter), the author's own by name alone (their ids mean
 * nothing elsewhere), every set in SI units, and the records it set only when its author shows them
 * (`showRecords`), as the card does.
 */
export function federatedWorkoutOf(workout: Workout, showRecords: boolean): FederatedWorkout {
  const shown = showRecords ? workout : withoutRecords(workout);
  const names = new Map(shown.exercises.map((e) => [e.exerciseId, e.name]));
  const keyOf = (exerciseId: string) => (catalogueKeys.has(exerciseId) ? exerciseId : null);
  return {
    title: shown.title,
    startedAt: shown.startedAt,
    durationSec: shown.durationSec,
    totalVolumeKg: shown.totalVolumeKg,
    exercises: shown.exercises.map((e) => ({
      key: keyOf(e.exerciseId),
      name: e.name,
      measure: e.measure,
      sets: e.sets.map(({ type, reps, weightKg, distanceM, durationSec, rpe, done }) => ({
        type,
        reps,
        weightKg,
        distanceM,
        durationSec,
        rpe,
        done,
      })),
    })),
    records: shown.records.map((r) => ({
      key: keyOf(r.exerciseId),
      exercise: names.get(r.exerciseId) ?? '',
      type: r.type,
      value: r.value,
      weightKg: r.weightKg,
    })),
  };
}

/** An incoming `spotter:workout` value checked against the contract; undefined when it does not pass. */
export function parseFederatedWorkout(value: unknown): FederatedWorkout | undefined {
  const parsed = federatedWorkoutSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A federated set as the log stores one: every value named, null when absent. */
export const storedSet = (set: FederatedWorkout['exercises'][number]['sets'][number]): SetValues => ({
  type: set.type,
  reps: set.reps ?? null,
  weightKg: set.weightKg ?? null,
  distanceM: set.distanceM ?? null,
  durationSec: set.durationSec ?? null,
  rpe: set.rpe ?? null,
  done: set.done,
});

/**
 * What a remote post's card shows of its workout, made as a local post's is (workout-summary.ts) from
 * the sets it carried: its exercises have no id here, so each is named by its key or its place.
 */
export function remoteWorkoutSummary(data: FederatedWorkout): WorkoutSummary {
  const ids = data.exercises.map((e, i) => e.key ?? `own-${i}`);
  const entries = data.exercises.map((e, i) => ({
    exerciseId: ids[i] ?? `own-${i}`,
    name: e.name,
    category: 'strength' as const,
    measure: e.measure,
    notes: '',
    restSec: null,
    supersetGroup: null,
    sets: e.sets.map(storedSet),
  }));
  const records = data.records.map((r) => {
    const at = data.exercises.findIndex((e) => (r.key ? e.key === r.key : e.name === r.exercise));
    return {
      exerciseId: ids[at] ?? r.key ?? `own-${at}`,
      type: r.type,
      value: r.value,
      weightKg: r.weightKg ?? null,
      previous: 0,
    };
  });
  const workout = workoutAnswer(
    {
      id: crypto.randomUUID(),
      username: '',
      title: data.title,
      startedAt: data.startedAt,
      durationSec: data.durationSec ?? null,
      notes: '',
      routineId: null,
      totalVolumeKg: figure(entries.reduce((sum, e) => sum + volumeKg(e.sets), 0)),
      createdAt: data.startedAt,
      updatedAt: data.startedAt,
    },
    entries,
    records,
  );
  return workoutSummary(workout, true);
}
