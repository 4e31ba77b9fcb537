import type { Handler } from '../../../http/add-route';
import { relationAnswer } from '../relation-answers';

export const blockUser: Handler<'blockUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'add', 'block', user.id, params.userId);
