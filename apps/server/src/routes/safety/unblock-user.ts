import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const unblockUser: Handler<'unblockUser'> = ({ params, user }, ctx) =>
  relationAnswer(ctx, 'remove', 'block', user.id, params.userId);
