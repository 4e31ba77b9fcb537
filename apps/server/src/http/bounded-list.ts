import type { FastifyReply } from 'fastify';
import type { Bounded } from '../paging/bounded';

/** Said on an unpaged list that holds only the newest UNPAGED_LIST_MAX items; page for the rest. */
export const listTruncatedHeader = 'x-list-truncated';

export function boundedList<T>(reply: FastifyReply, list: Bounded<T>): T[] {
  if (list.cut) reply.header(listTruncatedHeader, 'true');
  return list.items;
}
