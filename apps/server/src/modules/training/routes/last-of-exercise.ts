import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { exercisesVisibleTo } from '../queries/exercises';
import { lastSessions } from '../queries/last-sessions';

/** The caller's latest session of an exercise, or null; 404 for an exercise they cannot log. */
export const lastOfExercise: Handler<'lastOfExercise'> = async ({ params, user }, ctx) => {
  const last = (await lastSessions(ctx.db, user.id, [params.exerciseId])).get(params.exerciseId);
  if (last) return { last };
  // Only an empty answer needs to know whether the exercise exists at all.
  if (!(await exercisesVisibleTo(ctx.db, user.id, [params.exerciseId])).has(params.exerciseId)) {
    throw notFound(trainingErrors.exerciseNotFound);
  }
  return { last: null };
};
