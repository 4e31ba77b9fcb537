import { trainingErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { insertRoutine } from '../queries/routines';
import { routineAnswer } from '../routine-answer';
import { checkedRoutine } from '../routine-write';

export const createRoutine: Handler<'createRoutine'> = async ({ body, user }, ctx) => {
  const { values, exercises } = await checkedRoutine(ctx.db, user.id, body.routine);
  const row = await insertRoutine(ctx.db, user.id, values);
  if (!row) throw new HttpError(409, [trainingErrors.tooManyRoutines]);
  return { routine: routineAnswer(row, exercises) };
};
