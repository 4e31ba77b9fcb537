import type { Handler } from '../../http/add-route';
import { allUsers } from '../../queries/users';

export const listUsers: Handler<'listUsers'> = async ({ user }, ctx) => ({
  users: await allUsers(ctx.db, user?.id),
});
