import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isModerator } from '../../accounts';
import { findTrainingOwner } from '../queries/training-owner';
import { workoutsByIds } from '../queries/workouts';

/** One workout; not found for a viewer who may not see its owner (suspended, a block either way). */
export const getWorkout: Handler<'getWorkout'> = async ({ params, user }, ctx) => {
  const [workout] = await workoutsByIds(ctx.db, [params.workoutId]);
  if (!workout || !(await findTrainingOwner(ctx.db, workout.username, user?.id, isModerator(user)))) {
    throw notFound(trainingErrors.workoutNotFound);
  }
  return { workout };
};
