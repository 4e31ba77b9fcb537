import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every request gets an id that pino writes on each of its log lines and the answer carries in
 * `x-request-id`. A client's own `x-request-id` is kept for tracing across services when it is a
 * short plain token; anything else (huge, odd characters) is replaced by a fresh UUID.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptable.test(given) ? given : crypto.randomUUID();
}
