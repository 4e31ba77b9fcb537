import fastifyStatic from '@fastify/static';
import { apiErrors } from '@spotter/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { immutableCaching, isMediaKey, mediaRoutePrefix } from './keys';
import { LocalMediaStore } from './local-store';
import type { MediaStore } from './store';

/** Stored files never change (a new upload gets a new key) and are never anything but what they say. */
function mediaHeaders(reply: FastifyReply) {
  reply.header('Cache-Control', immutableCaching);
  reply.header('X-Content-Type-Options', 'nosniff');
  // A stored file is a picture or a clip, never a page: nothing in it may run or load anything.
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
}

/**
 * GET /media/<key> for either store, with Range (206/416) so videos seek. The local store is served
 * by @fastify/static (Range, ETag, conditional requests); an S3 bucket through this server, the
 * bucket applying the Range itself, unless MEDIA_PUBLIC_URL sends clients to it directly.
 */
export async function serveMedia(app: FastifyInstance, store: MediaStore) {
  if (store instanceof LocalMediaStore) {
    await app.register(async (scope) => {
      // A refused Range carries `Content-Range: bytes */size` (RFC 9110); the app's error handler
      // answers the JSON error and keeps the headers set here.
      scope.setErrorHandler((error: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
        if (error.headers) reply.headers(error.headers);
        throw error;
      });
      await scope.register(fastifyStatic, {
        root: store.dir,
        prefix: `${mediaRoutePrefix}/`,
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders: mediaHeaders,
        allowedPath: (pathname) => isMediaKey(pathname.replace(/^\//, '')),
      });
    });
    return;
  }
  const { S3MediaStore } = await import('./s3-store');
  if (!(store instanceof S3MediaStore)) throw new Error(`no way to serve media from a ${store.kind} store`);
  const handler = async (request: { params: { key: string }; headers: { range?: string } }, reply: FastifyReply) => {
    const { key } = request.params;
    const answer = isMediaKey(key) ? await store.readForHttp(key, request.headers.range) : undefined;
    if (!answer) throw notFound(apiErrors.routeNotFound);
    mediaHeaders(reply);
    reply.code(answer.status).headers(answer.headers);
    return reply.send(answer.body ?? '');
  };
  app.get<{ Params: { key: string } }>(`${mediaRoutePrefix}/:key`, handler);
}
