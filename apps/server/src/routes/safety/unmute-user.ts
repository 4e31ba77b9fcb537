import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const unmuteUser: Handler<'unmuteUser'> = ({ params, user }, ctx) =>
  relationAnswer(ctx, 'remove', 'mute', user.id, params.userId);
