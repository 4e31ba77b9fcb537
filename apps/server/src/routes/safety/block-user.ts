import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const blockUser: Handler<'blockUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'add', 'block', user.id, params.userId);
