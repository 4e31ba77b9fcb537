import { followListAnswer } from '../../answers/follow-list';
import type { Handler } from '../../http/add-route';

export const following: Handler<'following'> = ({ params, query, user }, ctx) =>
  followListAnswer(ctx, params.username, 'following', query, user);
