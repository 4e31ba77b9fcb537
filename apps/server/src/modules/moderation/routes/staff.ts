import { pageLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { decodeIdCursor, encodeIdCursor } from '../../../paging/id-cursor';
import { requireModerator } from '../../accounts';
import { staffPage } from '../queries/moderation';

/** GET /api/admin/staff: the moderators and admins of the server. */
export const staff: Handler<'staff'> = async ({ query, user }, ctx) => {
  requireModerator(user);
  const page = await staffPage(ctx.db, query.limit ?? pageLimits.default, decodeIdCursor(query.cursor));
  return { users: page.users, nextCursor: page.next === undefined ? null : encodeIdCursor(page.next) };
};
