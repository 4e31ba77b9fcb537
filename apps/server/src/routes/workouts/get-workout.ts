import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { workoutsByIds } from '../../queries/workouts';

export const getWorkout: Handler<'getWorkout'> = async ({ params }, ctx) => {
  const [workout] = await workoutsByIds(ctx.db, [params.workoutId]);
  if (!workout) throw notFound(trainingErrors.workoutNotFound);
  return { workout };
};
