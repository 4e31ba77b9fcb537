import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { isBlockedHost } from './domain-blocks';
import { HostRateLimit } from './host-rate-limit';

/** The most an inbox delivery may weigh; Mastodon's own limit is about this. */
const maxDeliveryBytes = 1024 * 1024;

const bodies = new WeakMap<FastifyRequest, Buffer>();

/** The body the gate read, for Fedify to verify (its bytes as sent); undefined: not read. */
export const bufferedBody = (request: FastifyRequest): Buffer | undefined => bodies.get(request);

/**
 * Where a delivery says it is from: its actor's host name (what the block list names) and host with
 * any port (one server, for counting). Fedify then checks that the signer is that actor.
 */
function actorHost(body: Buffer): { hostname: string; server: string } | undefined {
  try {
    const activity = JSON.parse(body.toString('utf8')) as { actor?: unknown };
    const actor = activity.actor;
    const id = typeof actor === 'string' ? actor : (actor as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return undefined;
    const url = new URL(id);
    return { hostname: url.hostname.toLowerCase(), server: url.host.toLowerCase() };
  } catch {
    return undefined;
  }
}

/**
 * In front of every inbox (issue 49, decision 096), before Fedify: a delivery from a blocked
 * domain (or one under it) answers 403, and one from a host past its per-minute budget
 * (FEDERATION_INBOX_LIMIT_PER_MINUTE) 429 with Retry-After; neither reaches Fedify, so neither
 * changes anything. The body is read here once and handed to Fedify byte for byte.
 */
export function installInboxGate(app: FastifyInstance, ctx: AppContext, perHostPerMinute: number) {
  const limit = perHostPerMinute > 0 ? new HostRateLimit(perHostPerMinute) : undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith('/ap/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.endsWith('/inbox')) return;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request.raw) {
      size += (chunk as Buffer).length;
      if (size > maxDeliveryBytes) return reply.code(413).send({ errors: ['The delivery is too large.'] });
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    bodies.set(request, body);
    const from = actorHost(body);
    if (!from) return;
    if (await isBlockedHost(ctx.db, from.hostname)) {
      return reply.code(403).send({ errors: ['This server does not accept deliveries from your server.'] });
    }
    const wait = limit?.take(from.server);
    if (wait !== undefined) {
      reply.header('retry-after', String(wait));
      return reply.code(429).send({ errors: ['Too many deliveries from your server; try again later.'] });
    }
  });
}
