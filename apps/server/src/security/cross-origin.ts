import net from 'node:net';
import { apiErrors } from '@spotter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Config, originOf } from '../config';
import { HttpError } from '../errors';

const allowedHeaders = 'authorization, content-type, prefer, x-request-id, idempotency-key';
const exposedHeaders = 'retry-after, preference-applied, x-request-id, x-list-truncated';

/** Host names no DNS answer can point elsewhere: loopback names and IP addresses. */
const unrebindable = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.startsWith('[') || net.isIP(hostname) !== 0;

/**
 * This server's own origin as the browser sees it: PUBLIC_URL when set. Otherwise the Host header
 * (X-Forwarded-Proto/Host with TRUST_PROXY, where the proxy picks the names it serves), but without
 * a proxy only for a loopback name or an IP address: a DNS name in Host may be an attacker's, rebound
 * to this server's address, and would make their page same-origin (DNS rebinding).
 */
export function ownOrigin(request: FastifyRequest, config: Config): string | undefined {
  if (config.publicOrigin) return config.publicOrigin;
  const origin = originOf(`${request.protocol}://${request.host}`);
  if (origin === undefined || config.trustProxy) return origin;
  return unrebindable(new URL(origin).hostname) ? origin : undefined;
}

function allowCors(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', exposedHeaders);
  reply.header('vary', 'Origin');
}

/**
 * Browsers send `Origin` on every cross-origin call and on same-origin writes. A call of the API
 * scope (where this hook is installed, unknown paths included) whose
 * Origin is neither this server nor one of CORS_ORIGINS is refused with a 403 before anything runs,
 * so a page elsewhere cannot drive the API with a token it got hold of. Calls without Origin (curl,
 * other servers, same-origin GETs) are not browsers acting for another site and pass. The listed
 * origins get CORS answers, preflights included.
 */
export function refuseCrossOrigin(api: FastifyInstance, config: Config) {
  const allowed = new Set(config.corsOrigins);
  api.addHook('onRequest', async (request, reply) => {
    const header = request.headers.origin;
    if (header === undefined) return;
    const origin = originOf(header);
    if (origin !== undefined && origin === ownOrigin(request, config)) return;
    if (origin === undefined || !allowed.has(origin)) throw new HttpError(403, [apiErrors.crossOrigin]);
    allowCors(reply, origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, DELETE');
      reply.header('access-control-allow-headers', allowedHeaders);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
