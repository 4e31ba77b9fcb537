import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { Key } from '../../../db/schema';
import { acceptUpload, describeMedia, findMediaByKey, findMediaByPublicId, keyOfMediaUrl } from '../../media';
import { requireUserScope } from '../caller';
import { mediaAttachmentOf } from '../media-entity';
import { recordNotFound, validationFailed } from '../oauth-error';
import { originOf } from '../origin';
import { spendsBudgets } from '../rate-limits';

type IdParams = { Params: { id: string } };

/** Mastodon's limit on a description, which Spotter's alt text shares (the post schema's 1000). */
const descriptionMax = 1000;

/** The caller's own upload by its id; anyone else's is not found, as Mastodon answers it. */
async function ownMedia(ctx: AppContext, ownerId: Key, publicId: string) {
  const row = await findMediaByPublicId(ctx.db, publicId);
  if (!row || row.owner_id !== ownerId) throw recordNotFound();
  return row;
}

function descriptionOf(body: unknown): string | null | undefined {
  const value = (body as Record<string, unknown> | undefined)?.description;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw validationFailed('description must be a string');
  if (value.length > descriptionMax) throw validationFailed(`description must be at most ${descriptionMax} characters`);
  return value.trim() === '' ? null : value;
}

/**
 * Media (issue 50): an upload goes through Spotter's own media lane (acceptUpload: the quota, the
 * lane's bound, the type and size limits, the cleaning), so the two APIs share every limit. A video is
 * cleaned before the answer, so v2 answers 200 with its URL, never Mastodon's 202 "still processing".
 * Alt text is given with the upload or written on it until a status shows it (`PUT`).
 */
export async function mediaRoutes(api: FastifyInstance, ctx: AppContext, version: 'v1' | 'v2') {
  await api.register(async (uploads) => {
    // Multipart bodies are read here alone, as on Spotter's own API.
    await uploads.register(fastifyMultipart);
    uploads.post('/media', spendsBudgets(['uploadsPerUser']), async (request: FastifyRequest) => {
      const { user } = await requireUserScope(request, ctx, 'write:media');
      // Alt text may come with the file (`description`, a field before or after it), as Mastodon takes it.
      const media = await acceptUpload(ctx, request, user.id, { describe: (fields) => descriptionOf(fields) ?? null });
      const key = keyOfMediaUrl(ctx.config.media.publicUrl, media.url);
      const row = key === undefined ? undefined : await findMediaByKey(ctx.db, key);
      if (!row) throw recordNotFound();
      return mediaAttachmentOf(row, ctx.config.media.publicUrl, originOf(request, ctx));
    });
  });

  // Reading and describing an upload are v1's alone, as in Mastodon.
  if (version === 'v2') return;

  api.get<IdParams>('/media/:id', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:media');
    const row = await ownMedia(ctx, user.id, request.params.id);
    return mediaAttachmentOf(row, ctx.config.media.publicUrl, originOf(request, ctx));
  });

  api.put<IdParams>('/media/:id', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:media');
    const row = await ownMedia(ctx, user.id, request.params.id);
    const description = descriptionOf(request.body);
    if (description !== undefined && description !== row.description) {
      // A status shows it already: its alt text is the post's now, edited with the post.
      if (!(await describeMedia(ctx.db, row.id, description))) throw recordNotFound();
    }
    const updated = { ...row, description: description === undefined ? row.description : description };
    return mediaAttachmentOf(updated, ctx.config.media.publicUrl, originOf(request, ctx));
  });
}
