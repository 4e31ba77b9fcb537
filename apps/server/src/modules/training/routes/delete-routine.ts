import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { deleteRoutine as deleteOwnRoutine } from '../queries/routines';

export const deleteRoutine: Handler<'deleteRoutine'> = async ({ params, user }, ctx) => {
  if (!(await deleteOwnRoutine(ctx.db, user.id, params.routineId))) throw notFound(trainingErrors.routineNotFound);
  return { deletedRoutineId: params.routineId };
};
