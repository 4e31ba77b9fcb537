import { relationAnswer } from '../../answers/relation-answers';
import type { Handler } from '../../http/add-route';

export const muteUser: Handler<'muteUser'> = ({ params, user, request }, ctx) =>
  relationAnswer(ctx, request.log, 'add', 'mute', user.id, params.userId);
