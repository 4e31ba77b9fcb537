import { apiErrors, postIdempotency } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** The Idempotency-Key header, if sent: printable ASCII, 1 to 255 characters, else a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[postIdempotency.header];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw badRequest(apiErrors.idempotencyKeyInvalid);
  }
  return value;
}
