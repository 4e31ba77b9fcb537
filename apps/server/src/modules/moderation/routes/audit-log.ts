import { pageLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { decodeIdCursor, encodeIdCursor } from '../../../paging/id-cursor';
import { requireModerator } from '../../accounts';
import { auditPage } from '../queries/moderation';

/** GET /api/admin/audit: every moderator action, newest first. */
export const auditLog: Handler<'auditLog'> = async ({ query, user }, ctx) => {
  requireModerator(user);
  const page = await auditPage(ctx.db, query.limit ?? pageLimits.default, decodeIdCursor(query.cursor));
  return { entries: page.entries, nextCursor: page.next === undefined ? null : encodeIdCursor(page.next) };
};
