import { trainingErrors } from '@spotter/contract';
import { isoOf } from '../../../db/time';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { checkedExercises, checkedRoutineKey } from '../checked-exercises';
import { refreshPostSummaries } from '../queries/post-workouts';
import { findWorkoutRow, replaceWorkout, workoutsByIds } from '../queries/workouts';

export const editWorkout: Handler<'editWorkout'> = async ({ params, body, user }, ctx) => {
  const row = await findWorkoutRow(ctx.db, params.workoutId);
  if (!row) throw notFound(trainingErrors.workoutNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, [trainingErrors.cannotEditWorkout]);
  const { workout } = body;
  const exercises = await checkedExercises(ctx.db, user.id, workout);
  const routineKey = await checkedRoutineKey(ctx.db, user.id, workout);
  if (!(await replaceWorkout(ctx.db, { id: row.id, userId: user.id, workout, exercises, routineKey }))) {
    throw notFound(trainingErrors.workoutNotFound);
  }
  const oldStart = new Date(isoOf(row.started_at)).toISOString();
  const newStart = new Date(workout.startedAt).toISOString();
  await refreshPostSummaries(ctx.db, user.id, oldStart < newStart ? oldStart : newStart);
  const [edited] = await workoutsByIds(ctx.db, [row.id]);
  if (!edited) throw notFound(trainingErrors.workoutNotFound);
  return { workout: edited };
};
