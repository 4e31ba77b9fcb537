import crypto from 'node:crypto';
import { trainingErrors } from '@spotter/contract';
import { badRequest } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { insertCustomExercise } from '../queries/exercises';

export const createExercise: Handler<'createExercise'> = async ({ body, user }, ctx) => {
  const exercise = await insertCustomExercise(ctx.db, user.id, crypto.randomUUID(), body.exercise);
  if (!exercise) throw badRequest(trainingErrors.exerciseNameTaken);
  return { exercise };
};
