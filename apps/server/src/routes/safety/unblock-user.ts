import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const unblockUser: Handler<'unblockUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'remove', 'block', user.id, params.userId);
