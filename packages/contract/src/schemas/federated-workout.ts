import { z } from 'zod';
import { exerciseMeasures, trainingLimits as limits, recordTypes, setTypes } from '../training';
import { rpe, trainingInstant } from './workouts';

/**
 * A workout as it travels between servers (issue 49, docs/federation.md): the value of
 * `spotter:workout` on a Note. Weights in kg, distances in metres, durations in seconds, whatever
 * units its author reads in: the data is SI, as the training log keeps it. Exercises are named by
 * their catalogue key (the same on every Spotter) when they are in the catalogue, and always by name.
 * An incoming value is checked against this schema; anything that does not pass is dropped and the
 * Note arrives as text only.
 */
const count = (max: number) => z.number().int().min(0).max(max).nullish();
const amount = (max: number) => z.number().min(0).max(max).nullish();

export const federatedSetSchema = z.object({
  type: z.enum(setTypes).default('normal'),
  reps: count(limits.maxReps),
  weightKg: amount(limits.maxWeightKg),
  distanceM: amount(limits.maxDistanceM),
  durationSec: count(limits.maxDurationSec),
  rpe: rpe.nullish(),
  /** False for a set planned and not done; absent, it was done. */
  done: z.boolean().default(true),
});
export type FederatedSet = z.output<typeof federatedSetSchema>;

export const federatedExerciseSchema = z.object({
  /** The catalogue exercise's key (`deadlift`); null for a person's own exercise. */
  key: z.string().min(1).max(64).nullish(),
  name: z.string().trim().min(1).max(limits.exerciseNameMaxLength),
  measure: z.enum(exerciseMeasures).default('weight_reps'),
  sets: z.array(federatedSetSchema).min(1).max(limits.setsPerExercise),
});

export const federatedRecordSchema = z.object({
  /** The exercise's key, or null, and its name, as in `exercises`. */
  key: z.string().min(1).max(64).nullish(),
  exercise: z.string().max(limits.exerciseNameMaxLength),
  type: z.enum(recordTypes),
  /** kg, reps, metres, seconds per km or seconds, as the record's type says (docs/federation.md). */
  value: z.number(),
  /** The weight of a `mostReps` record. */
  weightKg: z.number().nullish(),
});

export const federatedWorkoutSchema = z.object({
  title: z.string().trim().min(1).max(limits.titleMaxLength),
  startedAt: trainingInstant,
  durationSec: count(limits.maxDurationSec),
  totalVolumeKg: z.number().min(0).optional(),
  exercises: z.array(federatedExerciseSchema).min(1).max(limits.exercisesPerWorkout),
  /** The records it set for its author, when they show them; empty otherwise. */
  records: z.array(federatedRecordSchema).max(200).default([]),
});
export type FederatedWorkout = z.output<typeof federatedWorkoutSchema>;
export type FederatedWorkoutInput = z.input<typeof federatedWorkoutSchema>;
