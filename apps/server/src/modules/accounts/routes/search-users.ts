import { userSearchLimit } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { searchUsers as matchingUsers } from '../queries/search';

export const searchUsers: Handler<'searchUsers'> = async ({ query, user }, ctx) => ({
  users: await matchingUsers(ctx.db, query.q, userSearchLimit, user?.id),
});
