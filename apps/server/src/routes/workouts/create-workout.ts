import crypto from 'node:crypto';
import { checkedExercises } from '../../answers/workout-input';
import type { Handler } from '../../http/add-route';
import { insertWorkout, workoutsByIds } from '../../queries/workouts';

export const createWorkout: Handler<'createWorkout'> = async ({ body, user }, ctx) => {
  const { workout } = body;
  const exercises = await checkedExercises(ctx.db, user.id, workout);
  const id = crypto.randomUUID();
  await insertWorkout(ctx.db, { id, userId: user.id, workout, exercises });
  const [created] = await workoutsByIds(ctx.db, [id]);
  if (!created) throw new Error(`workout ${id} was not found right after it was stored`);
  return { workout: created };
};
