import { followListAnswer } from '../../answers/follow-list';
import type { Handler } from '../../http/add-route';

export const followers: Handler<'followers'> = ({ params, query, user }, ctx) =>
  followListAnswer(ctx, params.username, 'followers', query, user);
