import type { Handler } from '../../../http/add-route';
import { boundedList } from '../../../http/bounded-list';
import { allUsers } from '../queries/users';

export const listUsers: Handler<'listUsers'> = async ({ user, reply }, ctx) => ({
  users: boundedList(reply, await allUsers(ctx.db, user?.id, ctx.config.unpagedListMax)),
});
