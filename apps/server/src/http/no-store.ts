import type { FastifyInstance } from 'fastify';

/** API answers are personal (likedByMe, bookmarks, profiles): no shared or browser cache keeps them. */
export function noStoreForApi(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
