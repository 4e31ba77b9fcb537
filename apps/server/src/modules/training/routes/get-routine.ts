import { trainingErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { ownRoutine } from '../queries/routines';
import { serializeRoutines } from '../routine-serializer';
import { routineAnswers } from '../routine-write';

/** One of the caller's routines (another's is not found); `?with=last` adds each exercise's latest session. */
export const getRoutine: Handler<'getRoutine'> = async ({ params, query, user, reply }, ctx) => {
  const row = await ownRoutine(ctx.db, user.id, params.routineId);
  if (!row) throw notFound(trainingErrors.routineNotFound);
  const [routine] = await routineAnswers(ctx.db, user.id, [row], query.with === 'last');
  if (!routine) throw notFound(trainingErrors.routineNotFound);
  const answer = { routine };
  serializeRoutines(reply, answer);
  return answer;
};
