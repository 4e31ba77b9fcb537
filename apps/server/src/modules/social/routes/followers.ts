import type { Handler } from '../../../http/add-route';
import { followListAnswer } from '../follow-list';

export const followers: Handler<'followers'> = ({ params, query, user }, ctx) =>
  followListAnswer(ctx, params.username, 'followers', query, user);
