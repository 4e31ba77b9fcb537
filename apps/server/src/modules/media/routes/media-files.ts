import { apiErrors } from '@spotter/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { HttpError, notFound } from '../../../errors';
import { answerNotFound } from '../../../http/not-found';
import { immutableCaching, isMediaKey } from '../keys';
import type { MediaAnswer } from '../store';

/** Stored files never change (a new upload gets a new key) and are never anything but what they say. */
export function mediaHeaders(reply: FastifyReply) {
  reply.header('Cache-Control', immutableCaching);
  reply.header('X-Content-Type-Options', 'nosniff');
  // A stored file is a picture or a clip, never a page: nothing in it may run or load anything.
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
}

/**
 * Answers with what the store served (MediaStore.serve): past the end of the file a 416 JSON error
 * carrying the store's headers (Content-Range), else its status (200, 206 or 304), headers and bytes
 * with mediaHeaders. `contentType`, where given, stands for the store's (remote files, decision 101).
 */
export function sendMediaFile(reply: FastifyReply, file: MediaAnswer, contentType?: string) {
  if (file.status === 416) {
    reply.headers(file.headers);
    throw new HttpError(416, [apiErrors.rangeNotSatisfiable]);
  }
  mediaHeaders(reply);
  reply.code(file.status).headers(file.headers);
  if (contentType !== undefined) reply.header('content-type', contentType);
  return reply.send(file.body ?? '');
}

/**
 * GET /media/<key> (registered under the /media prefix), whatever the store: it applies Range (206,
 * or 416 past the end) so videos seek, and conditional requests where it can. With MEDIA_PUBLIC_URL
 * browsers fetch from there instead, but this route keeps answering.
 */
export async function mediaFileRoutes(files: FastifyInstance, ctx: AppContext) {
  files.setNotFoundHandler(answerNotFound);
  files.get<{ Params: { key: string } }>('/:key', async (request, reply) => {
    const { key } = request.params;
    const file = isMediaKey(key) ? await ctx.mediaStore.serve(key, request.raw) : undefined;
    if (!file) throw notFound(apiErrors.routeNotFound);
    return sendMediaFile(reply, file);
  });
}
