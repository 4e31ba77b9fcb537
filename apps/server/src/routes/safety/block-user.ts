import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const blockUser: Handler<'blockUser'> = ({ params, user }, ctx) =>
  relationAnswer(ctx, 'add', 'block', user.id, params.userId);
