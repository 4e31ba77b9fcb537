import { apiErrors } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { HttpError, notFound } from '../../../errors';
import { answerNotFound } from '../../../http/not-found';
import { sendMediaFile } from '../../media';
import { isBlockedHost } from '../domain-blocks';
import { findRemoteMedia, isRemoteMediaKey } from '../queries/remote-media';
import { type CachedFile, cachedRemoteFile } from '../remote-media/cached-file';
import { OriginFetchError } from '../remote-media/fetch-origin';

/**
 * GET /media/remote/<key> (decision 101): a remote post's attachment or a remote avatar, from our
 * cache, fetched from its origin on the first view. A blocked domain's files are not served (404),
 * even when cached; a refused file answers 403, an origin that fails 502.
 */
export async function remoteMediaFileRoutes(files: FastifyInstance, ctx: AppContext) {
  files.setNotFoundHandler(answerNotFound);
  files.get<{ Params: { key: string } }>('/:key', async (request, reply) => {
    const { key } = request.params;
    const row = isRemoteMediaKey(key) ? await findRemoteMedia(ctx.db, key) : undefined;
    if (!row || (await isBlockedHost(ctx.db, new URL(row.url).hostname))) throw notFound(apiErrors.routeNotFound);
    const take = (refetch: boolean) =>
      cachedRemoteFile(ctx, row, refetch).catch((error: unknown) => {
        if (!(error instanceof OriginFetchError)) throw error;
        request.log.info({ reason: error.message, key }, 'a remote file was not fetched');
        throw error.kind === 'refused'
          ? new HttpError(403, [apiErrors.remoteMediaRefused])
          : new HttpError(502, [apiErrors.remoteMediaUnavailable]);
      });
    let cached: CachedFile = await take(false);
    let file = await ctx.mediaStore.serve(cached.storeKey, request.raw);
    if (!file) {
      // The stored copy is gone (a store emptied by hand): fetch it again.
      cached = await take(true);
      file = await ctx.mediaStore.serve(cached.storeKey, request.raw);
      if (!file) throw notFound(apiErrors.routeNotFound);
    }
    return sendMediaFile(reply, file, cached.contentType);
  });
}
