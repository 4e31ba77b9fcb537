import type { Handler } from '../../../http/add-route';
import { routinesOf } from '../queries/routines';
import { routineAnswers } from '../routine-write';

export const listRoutines: Handler<'listRoutines'> = async ({ user }, ctx) => ({
  routines: await routineAnswers(ctx.db, user.id, await routinesOf(ctx.db, user.id)),
});
