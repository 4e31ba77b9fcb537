import { pageLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { decodeIdCursor, encodeIdCursor } from '../../../paging/id-cursor';
import { requireModerator } from '../../accounts';
import { reportQueuePage } from '../queries/reports';

/** GET /api/admin/reports: cases of one status, newest first, each with its target in context. */
export const reportQueue: Handler<'reportQueue'> = async ({ query, user }, ctx) => {
  requireModerator(user);
  const page = await reportQueuePage(
    ctx.db,
    query.status,
    query.limit ?? pageLimits.default,
    decodeIdCursor(query.cursor),
  );
  return { reports: page.reports, nextCursor: page.next === undefined ? null : encodeIdCursor(page.next) };
};
