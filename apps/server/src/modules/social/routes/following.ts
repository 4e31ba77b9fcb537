import type { Handler } from '../../../http/add-route';
import { followListAnswer } from '../follow-list';

export const following: Handler<'following'> = ({ params, query, user }, ctx) =>
  followListAnswer(ctx, params.username, 'following', query, user);
