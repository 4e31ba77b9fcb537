import { apiErrors } from '@spotter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Config, originOf } from '../config';
import { HttpError } from '../errors';

const allowedHeaders = 'authorization, content-type, prefer, x-request-id';
const exposedHeaders = 'retry-after, preference-applied, x-request-id';

/** This server's own origin as the browser sees it (X-Forwarded-Proto/Host count with TRUST_PROXY). */
const ownOrigin = (request: FastifyRequest) => originOf(`${request.protocol}://${request.host}`);

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
    if (origin !== undefined && origin === ownOrigin(request)) return;
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
