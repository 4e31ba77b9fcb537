import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { updateRoutine } from '../queries/routines';
import { routineAnswer } from '../routine-answer';
import { checkedRoutine } from '../routine-write';

/** Rewrites one of the caller's routines; another's is not found (routines are private). */
export const editRoutine: Handler<'editRoutine'> = async ({ params, body, user }, ctx) => {
  const { values, exercises } = await checkedRoutine(ctx.db, user.id, body.routine);
  const row = await updateRoutine(ctx.db, user.id, params.routineId, values);
  if (!row) throw notFound(trainingErrors.routineNotFound);
  return { routine: routineAnswer(row, exercises) };
};
