import { trainingErrors } from '@spotter/contract';
import { isoOf } from '../../../db/time';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { refreshPostSummaries } from '../queries/post-workouts';
import { findWorkoutRow, deleteWorkout as removeWorkout } from '../queries/workouts';

export const deleteWorkout: Handler<'deleteWorkout'> = async ({ params, user }, ctx) => {
  const row = await findWorkoutRow(ctx.db, params.workoutId);
  if (!row) throw notFound(trainingErrors.workoutNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, [trainingErrors.cannotDeleteWorkout]);
  if (!(await removeWorkout(ctx.db, row.id, user.id))) throw notFound(trainingErrors.workoutNotFound);
  await refreshPostSummaries(ctx.db, user.id, new Date(isoOf(row.started_at)).toISOString());
  return { deletedWorkoutId: row.id };
};
