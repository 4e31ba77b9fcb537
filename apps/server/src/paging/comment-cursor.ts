import { z } from 'zod';
import { badRequest } from '../errors';

/** Printable text only: PostgreSQL refuses a NUL in a text parameter (see cursor.ts). */
const publicId = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => !/[\p{Cc}\p{Cs}]/u.test(v));
const time = z.iso.datetime({ precision: 3 });

/**
 * A comment list's keyset: its thread's place (the top-level comment's time and id), then the
 * comment's own time and id. Opaque to clients, like every cursor (decision 003).
 */
const commentKeysetSchema = z.object({ tt: time, ti: publicId, t: time, i: publicId });
export type CommentKeyset = z.infer<typeof commentKeysetSchema>;

export const encodeCommentCursor = (keyset: CommentKeyset) => Buffer.from(JSON.stringify(keyset)).toString('base64url');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeCommentCursor(cursor: string | undefined): CommentKeyset | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return commentKeysetSchema.parse(JSON.parse(strictUtf8.decode(Buffer.from(cursor, 'base64url'))));
  } catch {
    throw badRequest('cursor: is not a cursor this server gave out');
  }
}
