import type { Handler } from '../../../http/add-route';
import { relationAnswer } from '../relation-answers';

export const unmuteUser: Handler<'unmuteUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'remove', 'mute', user.id, params.userId);
