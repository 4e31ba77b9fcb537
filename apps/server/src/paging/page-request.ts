import { type PageQuery, pageLimits } from '@spotter/contract';
import { decodeCursor, type Keyset } from './cursor';

/** One page of a list: how many items, after which row. */
export interface PageRequest {
  limit: number;
  /** The keyset of the last row of the previous page. */
  after: Keyset | undefined;
}

/** A list call is paged as soon as it names a limit or a cursor; without either it keeps the spec's answer. */
export const isPaged = (query: PageQuery) => query.limit !== undefined || query.cursor !== undefined;

export const pageRequest = (query: PageQuery): PageRequest => ({
  limit: query.limit ?? pageLimits.default,
  after: decodeCursor(query.cursor),
});
