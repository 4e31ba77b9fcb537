import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isModerator } from '../../accounts';
import { findTrainingOwner } from '../queries/training-owner';
import { workoutsByIds } from '../queries/workouts';
import { workoutSeenBy } from '../workout-answer';

/**
 * One workout; not found for a viewer who may not see its owner (suspended, a block either way);
 * without records, best sets and e1RMs for others when its owner keeps them private.
 */
export const getWorkout: Handler<'getWorkout'> = async ({ params, user }, ctx) => {
  const [workout] = await workoutsByIds(ctx.db, [params.workoutId]);
  const owner = workout && (await findTrainingOwner(ctx.db, workout.username, user?.id, isModerator(user)));
  if (!workout || !owner) throw notFound(trainingErrors.workoutNotFound);
  return { workout: workoutSeenBy(workout, owner.settings.showRecords, owner.user.id === user?.id) };
};
