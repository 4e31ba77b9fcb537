import { z } from 'zod';
import { badRequest } from '../errors';

/**
 * Keyset cursors: the sort key of the last row of a page, base64url-encoded JSON. Opaque to clients;
 * a page never repeats or skips a row when newer rows arrive, which offsets would.
 */
const keysetSchema = z.object({
  /**
   * sort time (post creation, like or bookmark time) as `toISOString()` writes it: PostgreSQL would
   * answer anything else with a cast error (a 500), SQLite with a silently wrong page. Year 0 is
   * well-formed ISO text but PostgreSQL has no year 0 ("date/time field value out of range", a 500), so
   * the time must be from year 1 on and read back unchanged through a Date (issue 17).
   */
  t: z.iso.datetime({ precision: 3 }).refine((v) => v >= '0001' && new Date(v).toISOString() === v),
  /**
   * post id, breaking ties. Printable text only: PostgreSQL refuses a NUL in a text parameter with an
   * error (a 500), and no id this server gives out holds a control character or a lone surrogate.
   */
  i: z
    .string()
    .min(1)
    .max(64)
    .refine((v) => !/[\p{Cc}\p{Cs}]/u.test(v)),
  /** like count, for trending order; beyond a 32-bit integer PostgreSQL refuses the comparison */
  l: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type Keyset = z.infer<typeof keysetSchema>;

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify(keyset)).toString('base64url');
}

/** Bytes that are not UTF-8 are refused rather than silently replaced. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return keysetSchema.parse(JSON.parse(strictUtf8.decode(Buffer.from(cursor, 'base64url'))));
  } catch {
    throw badRequest('cursor: is not a cursor this server gave out');
  }
}
