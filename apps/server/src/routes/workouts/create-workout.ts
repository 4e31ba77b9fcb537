import crypto from 'node:crypto';
import { HttpError } from '../../errors';
import type { Handler } from '../../http/add-route';
import { exercisesVisibleTo } from '../../queries/exercises';
import { insertWorkout, workoutsByIds } from '../../queries/workouts';
import { workoutProblems } from '../../training/workout-input';

export const createWorkout: Handler<'createWorkout'> = async ({ body, user }, ctx) => {
  const { workout } = body;
  const exercises = await exercisesVisibleTo(
    ctx.db,
    user.id,
    workout.exercises.map((e) => e.exerciseId),
  );
  const problems = workoutProblems(workout, exercises);
  if (problems.length > 0) throw new HttpError(400, problems);
  const id = crypto.randomUUID();
  await insertWorkout(ctx.db, { id, userId: user.id, workout, exercises });
  const [created] = await workoutsByIds(ctx.db, [id]);
  if (!created) throw new Error(`workout ${id} was not found right after it was stored`);
  return { workout: created };
};
