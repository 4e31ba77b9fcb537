import type { FastifyInstance } from 'fastify';

/** API answers are personal (likedByMe, bookmarks, profiles): no shared or browser cache keeps them. */
export function noStore(api: FastifyInstance) {
  api.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
