import { describeIssues } from '@spotter/contract';
import type { z } from 'zod';

/** An answer the client caused: sent as `{ "errors": [message] }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string[],
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
  return result.data;
}
