import { z } from 'zod';
import { equipment, exerciseCategories, exerciseMeasures, muscles, trainingLimits } from '../training';
import { id } from './fields';

/** An exercise of the catalogue (`custom: false`) or one the signed-in person added. */
export const exerciseSchema = z.object({
  _id: id,
  name: z.string(),
  category: z.enum(exerciseCategories),
  measure: z.enum(exerciseMeasures),
  primaryMuscles: z.array(z.enum(muscles)),
  secondaryMuscles: z.array(z.enum(muscles)),
  equipment: z.enum(equipment),
  custom: z.boolean(),
});
export type Exercise = z.infer<typeof exerciseSchema>;

const uniqueMuscles = (list: readonly string[]) => new Set(list).size === list.length;

export const createExerciseBodySchema = z.object({
  exercise: z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(trainingLimits.exerciseNameMaxLength, `must be at most ${trainingLimits.exerciseNameMaxLength} characters`)
        // A name must survive folding (search key): "!!!" would be found by every query.
        .regex(/[\p{L}\p{N}]/u, 'must contain a letter or a digit'),
      category: z.enum(exerciseCategories),
      measure: z.enum(exerciseMeasures),
      primaryMuscles: z
        .array(z.enum(muscles))
        .min(1, 'must name at least one muscle')
        .max(5, 'must name at most 5 muscles')
        .refine(uniqueMuscles, 'must not repeat a muscle'),
      secondaryMuscles: z
        .array(z.enum(muscles))
        .max(10, 'must name at most 10 muscles')
        .refine(uniqueMuscles, 'must not repeat a muscle')
        .default([]),
      equipment: z.enum(equipment).default('none'),
    })
    .refine((e) => !e.secondaryMuscles.some((m) => e.primaryMuscles.includes(m)), {
      message: 'must not repeat a primary muscle',
      path: ['secondaryMuscles'],
    }),
});
export type CreateExerciseBody = z.input<typeof createExerciseBodySchema>;

export const exerciseSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(trainingLimits.exerciseSearchMaxLength, `must be at most ${trainingLimits.exerciseSearchMaxLength} characters`)
    .default(''),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(trainingLimits.exerciseSearchMaxLimit, `must be at most ${trainingLimits.exerciseSearchMaxLimit}`)
    .default(trainingLimits.exerciseSearchDefaultLimit),
});

export const exerciseResponseSchema = z.object({ exercise: exerciseSchema });
export const exercisesResponseSchema = z.object({ exercises: z.array(exerciseSchema) });
