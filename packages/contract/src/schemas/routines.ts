import { z } from 'zod';
import { exerciseCategories, exerciseMeasures, trainingLimits as limits } from '../training';
import { id, timestamp } from './fields';
import { exercisePlanInputShape, setValuesInputShape, setValuesSchema, workoutSetSchema } from './workouts';

const notes = z.string().max(limits.notesMaxLength, `must be at most ${limits.notesMaxLength} characters`).default('');

/**
 * A routine as sent: the exercises to do, in order, each with its planned sets. A planned set may
 * leave out what its measure needs (a routine can say "3 sets" without the reps); a value the
 * measure does not record is refused, as in a workout.
 */
export const routineInputSchema = z.object({
  title: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(limits.titleMaxLength, `must be at most ${limits.titleMaxLength} characters`),
  notes,
  exercises: z
    .array(
      z.object({
        exerciseId: id,
        notes,
        ...exercisePlanInputShape,
        sets: z
          .array(z.object(setValuesInputShape))
          .min(1, 'must have at least one set')
          .max(limits.setsPerExercise, `must have at most ${limits.setsPerExercise} sets`),
      }),
    )
    .min(1, 'must have at least one exercise')
    .max(limits.exercisesPerWorkout, `must have at most ${limits.exercisesPerWorkout} exercises`),
});
export type RoutineInput = z.output<typeof routineInputSchema>;

export const routineBodySchema = z.object({ routine: routineInputSchema });
export type RoutineBody = z.input<typeof routineBodySchema>;

/** A planned set: a stored set's values without the day's RPE. */
export const routineSetSchema = setValuesSchema.omit({ rpe: true });
export type RoutineSet = z.infer<typeof routineSetSchema>;

/**
 * The latest session of an exercise in its owner's log: the sets of their most recent workout that
 * has it (by `startedAt`), in order. Null when they never did it.
 */
export const lastSessionSchema = z
  .object({
    workoutId: id,
    startedAt: timestamp,
    sets: z.array(workoutSetSchema),
  })
  .nullable();
export type LastSession = z.infer<typeof lastSessionSchema>;

export const routineExerciseSchema = z.object({
  exerciseId: id,
  name: z.string(),
  category: z.enum(exerciseCategories),
  measure: z.enum(exerciseMeasures),
  notes: z.string(),
  restSec: z.number().int().nullable(),
  supersetGroup: z.number().int().nullable(),
  sets: z.array(routineSetSchema),
  /**
   * Only with `?with=last` (GET /api/routines/{id}): the owner's latest session of the exercise, so
   * that starting a workout from the routine, previous numbers and all, is one request.
   */
  last: lastSessionSchema.optional(),
});

export const routineSchema = z.object({
  _id: id,
  title: z.string(),
  notes: z.string(),
  exercises: z.array(routineExerciseSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Routine = z.infer<typeof routineSchema>;

export const routineIdParamsSchema = z.object({ routineId: id });
export const routineQuerySchema = z.object({
  with: z.enum(['last'], 'must be last').optional(),
});
export const routineResponseSchema = z.object({ routine: routineSchema });
export const routinesResponseSchema = z.object({ routines: z.array(routineSchema) });
export const deletedRoutineResponseSchema = z.object({ deletedRoutineId: id });

export const exerciseIdParamsSchema = z.object({ exerciseId: id });
export const lastSessionResponseSchema = z.object({ last: lastSessionSchema });
