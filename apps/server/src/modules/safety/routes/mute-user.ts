import type { Handler } from '../../../http/add-route';
import { relationAnswer } from '../relation-answers';

export const muteUser: Handler<'muteUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'add', 'mute', user.id, params.userId);
