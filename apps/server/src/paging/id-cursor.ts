import { z } from 'zod';
import { badRequest } from '../errors';

/**
 * A keyset cursor over a table's integer key alone, for lists ordered newest first by `id` (the
 * moderation queue and the audit log, decision 035). Opaque to clients like every cursor.
 */
const idKeysetSchema = z.object({ k: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const encodeIdCursor = (id: number) => Buffer.from(JSON.stringify({ k: id })).toString('base64url');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return idKeysetSchema.parse(JSON.parse(strictUtf8.decode(Buffer.from(cursor, 'base64url')))).k;
  } catch {
    throw badRequest('cursor: is not a cursor this server gave out');
  }
}
