import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const unmuteUser: Handler<'unmuteUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'remove', 'mute', user.id, params.userId);
