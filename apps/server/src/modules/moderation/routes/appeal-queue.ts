import { pageLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { decodeIdCursor, encodeIdCursor } from '../../../paging/id-cursor';
import { requireModerator } from '../../accounts';
import { appealPage } from '../queries/suspensions';

/** GET /api/admin/appeals: the appeals of people still suspended, newest first (issue 47). */
export const appealQueue: Handler<'appealQueue'> = async ({ query, user }, ctx) => {
  requireModerator(user);
  const page = await appealPage(ctx.db, query.limit ?? pageLimits.default, decodeIdCursor(query.cursor));
  return { appeals: page.appeals, nextCursor: page.next === undefined ? null : encodeIdCursor(page.next) };
};
