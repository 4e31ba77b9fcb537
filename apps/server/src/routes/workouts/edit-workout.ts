import { trainingErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { exercisesVisibleTo } from '../../queries/exercises';
import { findWorkoutRow, replaceWorkout, workoutsByIds } from '../../queries/workouts';
import { workoutProblems } from '../../training/workout-input';

export const editWorkout: Handler<'editWorkout'> = async ({ params, body, user }, ctx) => {
  const row = await findWorkoutRow(ctx.db, params.workoutId);
  if (!row) throw notFound(trainingErrors.workoutNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, [trainingErrors.cannotEditWorkout]);
  const { workout } = body;
  const exercises = await exercisesVisibleTo(
    ctx.db,
    user.id,
    workout.exercises.map((e) => e.exerciseId),
  );
  const problems = workoutProblems(workout, exercises);
  if (problems.length > 0) throw new HttpError(400, problems);
  if (!(await replaceWorkout(ctx.db, { id: row.id, userId: user.id, workout, exercises }))) {
    throw notFound(trainingErrors.workoutNotFound);
  }
  const [edited] = await workoutsByIds(ctx.db, [row.id]);
  if (!edited) throw notFound(trainingErrors.workoutNotFound);
  return { workout: edited };
};
