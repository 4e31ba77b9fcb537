import crypto from 'node:crypto';
import { checkedExercises } from '../../answers/workout-input';
import type { Handler } from '../../http/add-route';
import { refreshPostSummaries } from '../../queries/post-workouts';
import { insertWorkout, workoutsByIds } from '../../queries/workouts';

export const createWorkout: Handler<'createWorkout'> = async ({ body, user }, ctx) => {
  const { workout } = body;
  const exercises = await checkedExercises(ctx.db, user.id, workout);
  const id = crypto.randomUUID();
  await insertWorkout(ctx.db, { id, userId: user.id, workout, exercises });
  // Records of later workouts may have moved: their posts' badges with them.
  await refreshPostSummaries(ctx.db, user.id, new Date(workout.startedAt).toISOString());
  const [created] = await workoutsByIds(ctx.db, [id]);
  if (!created) throw new Error(`workout ${id} was not found right after it was stored`);
  return { workout: created };
};
