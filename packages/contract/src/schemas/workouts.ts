import { z } from 'zod';
import {
  exerciseCategories,
  exerciseMeasures,
  trainingLimits as limits,
  recordTypes,
  setTypes,
  trainingErrors,
} from '../training';
import { id, timestamp } from './fields';

const between = (min: number, max: number, unit = '') => {
  const suffix = unit ? ` ${unit}` : '';
  return z
    .number('must be a number')
    .min(min, `must be between ${min} and ${max}${suffix}`)
    .max(max, `must be between ${min} and ${max}${suffix}`);
};
const wholeBetween = (min: number, max: number, unit = '') => between(min, max, unit).int('must be a whole number');

/** RPE 6 to 10 in halves (6, 6.5 ... 10), as the lifting apps and the gym use it. */
export const rpe = z
  .number('must be a number')
  .min(limits.minRpe, trainingErrors.rpeSteps)
  .max(limits.maxRpe, trainingErrors.rpeSteps)
  .multipleOf(limits.rpeStep, trainingErrors.rpeSteps);

/** The values of a set, as a routine plans them and a workout logs them (in SI units). */
export const setValuesInputShape = {
  type: z.enum(setTypes).default('normal'),
  reps: wholeBetween(0, limits.maxReps).nullish(),
  weightKg: between(0, limits.maxWeightKg, 'kg').nullish(),
  distanceM: between(0, limits.maxDistanceM, 'm').nullish(),
  durationSec: wholeBetween(0, limits.maxDurationSec, 's').nullish(),
};

/**
 * One set as sent: the fields its exercise's measure needs (checked by the server, see `setProblem`).
 * `done: false` keeps a set that was planned but not done (no volume, no record); absent, it was done.
 */
export const workoutSetInputSchema = z.object({
  ...setValuesInputShape,
  rpe: rpe.nullish(),
  done: z.boolean('must be true or false').optional(),
});

/** An exercise's rest between sets, and its superset group (a small number shared by the exercises done back to back). */
export const exercisePlanInputShape = {
  restSec: wholeBetween(0, limits.maxRestSec, 's').nullish(),
  supersetGroup: wholeBetween(1, limits.maxSupersetGroup).nullish(),
};

/**
 * A date and time with its offset, between the years 1900 and 2200: outside that range it is a typing
 * mistake, and PostgreSQL refuses some of those dates outright (year 0).
 */
export const trainingInstant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date and time, e.g. 2026-11-23T07:30:00Z' })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    // Not a date at all is the format check's message already.
    return Number.isNaN(year) || (year >= limits.minYear && year <= limits.maxYear);
  }, `must be between the years ${limits.minYear} and ${limits.maxYear}`);
const startedAt = trainingInstant;

export const workoutInputSchema = z.object({
  title: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(limits.titleMaxLength, `must be at most ${limits.titleMaxLength} characters`),
  startedAt,
  durationSec: wholeBetween(0, limits.maxDurationSec, 's').nullish(),
  notes: z.string().max(limits.notesMaxLength, `must be at most ${limits.notesMaxLength} characters`).default(''),
  /** The routine it was started from (one of its owner's); null or absent for none. */
  routineId: id.nullish(),
  exercises: z
    .array(
      z.object({
        exerciseId: id,
        notes: z.string().max(limits.notesMaxLength, `must be at most ${limits.notesMaxLength} characters`).default(''),
        ...exercisePlanInputShape,
        sets: z
          .array(workoutSetInputSchema)
          .min(1, 'must have at least one set')
          .max(limits.setsPerExercise, `must have at most ${limits.setsPerExercise} sets`),
      }),
    )
    .min(1, 'must have at least one exercise')
    .max(limits.exercisesPerWorkout, `must have at most ${limits.exercisesPerWorkout} exercises`),
});
export type WorkoutInput = z.output<typeof workoutInputSchema>;

export const workoutBodySchema = z.object({ workout: workoutInputSchema });
export type WorkoutBody = z.input<typeof workoutBodySchema>;

/** A set's values as stored: what a post's card shows of a best set. */
export const setValuesSchema = z.object({
  type: z.enum(setTypes),
  reps: z.number().int().nullable(),
  weightKg: z.number().nullable(),
  distanceM: z.number().nullable(),
  durationSec: z.number().int().nullable(),
  rpe: z.number().nullable(),
});

export const workoutSetSchema = setValuesSchema.extend({
  /** False for a set planned but not done: it counts for no volume and no record. */
  done: z.boolean(),
});
export type WorkoutSet = z.infer<typeof workoutSetSchema>;

/** A record this workout set: better than every earlier workout of its owner (by `startedAt`). */
export const workoutRecordSchema = z.object({
  exerciseId: id,
  type: z.enum(recordTypes),
  /** kg (weight, e1RM, volume), reps, metres (distance), seconds per km (pace) or seconds (duration, best times). */
  value: z.number(),
  /** The weight of a `mostReps` record; null for the others. */
  weightKg: z.number().nullable(),
  /** The best of the earlier workouts that this one beat. */
  previous: z.number(),
});
export type WorkoutRecord = z.infer<typeof workoutRecordSchema>;

export const workoutExerciseSchema = z.object({
  exerciseId: id,
  name: z.string(),
  category: z.enum(exerciseCategories),
  measure: z.enum(exerciseMeasures),
  notes: z.string(),
  /** Seconds of rest between its sets; null: the app's default (`trainingLimits.defaultRestSec`). */
  restSec: z.number().int().nullable(),
  /** Exercises sharing a number are done back to back (a superset); null when done alone. */
  supersetGroup: z.number().int().nullable(),
  sets: z.array(workoutSetSchema),
  /** Sum of reps x weight of the sets that are done and not warm-ups. */
  volumeKg: z.number(),
  /** The best set that is not a warm-up, with its place in `sets`; null when every set is a warm-up. */
  bestSet: workoutSetSchema.extend({ index: z.number().int() }).nullable(),
  /** Estimated one-rep max (Epley) of its best set of 1 to 12 reps; null when there is none. */
  e1rmKg: z.number().nullable(),
});

export const workoutSchema = z.object({
  _id: id,
  username: z.string(),
  title: z.string(),
  startedAt: timestamp,
  durationSec: z.number().int().nullable(),
  notes: z.string(),
  /** The routine it was started from, while that routine exists. */
  routineId: id.nullable(),
  totalVolumeKg: z.number(),
  exercises: z.array(workoutExerciseSchema),
  records: z.array(workoutRecordSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Workout = z.infer<typeof workoutSchema>;

export const workoutIdParamsSchema = z.object({ workoutId: id });
export const workoutResponseSchema = z.object({ workout: workoutSchema });
export const deletedWorkoutResponseSchema = z.object({ deletedWorkoutId: id });

export const workoutPageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(limits.workoutPageMaxLimit, `must be at most ${limits.workoutPageMaxLimit}`)
    .default(limits.workoutPageDefaultLimit),
  cursor: z.string().max(512).optional(),
});

export const workoutPageSchema = z.object({
  workouts: z.array(workoutSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type WorkoutPage = z.infer<typeof workoutPageSchema>;

/**
 * A workout as a post's card shows it (`postData.workoutId`): each exercise with its best set, and
 * the records it set as badges.
 */
export const workoutSummarySchema = z.object({
  _id: id,
  title: z.string(),
  startedAt: timestamp,
  durationSec: z.number().int().nullable(),
  totalVolumeKg: z.number(),
  exercises: z.array(
    z.object({
      exerciseId: id,
      name: z.string(),
      measure: z.enum(exerciseMeasures),
      setCount: z.number().int(),
      // Summaries stored before sets had a done flag have none: the card shows the values alone.
      bestSet: setValuesSchema.nullable(),
    }),
  ),
  records: z.array(workoutRecordSchema.omit({ previous: true }).extend({ exerciseName: z.string() })),
});
export type WorkoutSummary = z.infer<typeof workoutSummarySchema>;
