import type { Handler } from '../../../http/add-route';
import { relationAnswer } from '../relation-answers';

export const unblockUser: Handler<'unblockUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'remove', 'block', user.id, params.userId);
