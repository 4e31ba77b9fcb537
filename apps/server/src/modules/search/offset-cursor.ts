import { searchMaxResults } from '@spotter/contract';
import { z } from 'zod';
import { badRequest } from '../../errors';

/**
 * The cursor of a ranked list (people best first, tags most used first): how many came before, as
 * base64url JSON. A rank is not a key a page can continue after, and these lists stop at
 * `searchMaxResults`, so an offset is cheap and enough here (decision 089).
 */
const offsetSchema = z.object({ o: z.number().int().min(1).max(searchMaxResults) });

export const encodeOffset = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  try {
    return offsetSchema.parse(JSON.parse(strictUtf8.decode(Buffer.from(cursor, 'base64url')))).o;
  } catch {
    throw badRequest('cursor: is not a cursor this server gave out');
  }
}

/**
 * One page of a ranked list read as `limit + 1` rows from `offset`: the page, and the cursor of the
 * next one (null on the last page, or where the list stops).
 */
export function offsetPage<T>(rows: T[], limit: number, offset: number): { items: T[]; nextCursor: string | null } {
  const end = offset + limit;
  const more = rows.length > limit && end < searchMaxResults;
  return { items: rows.slice(0, limit), nextCursor: more ? encodeOffset(end) : null };
}
