import { followListAnswer } from '../../answers/follow-list';
import type { Handler } from '../../http/add-route';

export const followers: Handler<'followers'> = ({ params, query }, ctx) =>
  followListAnswer(ctx, params.username, 'followers', query);
