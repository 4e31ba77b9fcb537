import { describeIssues } from '@spotter/contract/schemas';
import type { z } from 'zod';

/** An answer the client caused: sent as `{ "errors": [message] }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
    /** Sent with the answer, e.g. `retry-after` on a 503. */
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries beside `errors`, e.g. `twoFactorRequired` on a login's 401. */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(messages.join('; '));
  }
}

export const badRequest = (message: string) => new HttpError(400, [message]);
export const notFound = (message: string) => new HttpError(404, [message]);

/** Parses untrusted input with a contract schema; a mismatch is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  const nul = pathToNul(result.data);
  if (nul !== undefined) throw new HttpError(400, [`${nul}: must not contain the NUL character`]);
  return result.data;
}

/**
 * Where a parsed input holds a string with U+0000 (`postData.content`), if anywhere. PostgreSQL text
 * cannot store that character (the query fails), so it is refused on every database alike.
 */
function pathToNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'input' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathToNul(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}
