import { pageLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { decodeCursor, encodeCursor } from '../../../paging/cursor';
import { securityLogPage } from '../queries/security-log';

export const securityLog: Handler<'securityLog'> = async ({ query, user }, ctx) => {
  const page = await securityLogPage(ctx.db, user.id, query.limit ?? pageLimits.default, decodeCursor(query.cursor));
  return { events: page.events, nextCursor: page.next ? encodeCursor(page.next) : null };
};
