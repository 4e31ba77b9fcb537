import type { Handler } from '../../../http/add-route';
import { routinesOf } from '../queries/routines';
import { serializeRoutines } from '../routine-serializer';
import { routineAnswers } from '../routine-write';

export const listRoutines: Handler<'listRoutines'> = async ({ user, reply }, ctx) => {
  const answer = { routines: await routineAnswers(ctx.db, user.id, await routinesOf(ctx.db, user.id)) };
  serializeRoutines(reply, answer);
  return answer;
};
