import { randomUUID } from 'node:crypto';
import { createPostBodySchema, describeIssues } from '@spotter/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { type ClaimInTransaction, idempotencyKeyTables } from '../../../db/idempotency-keys';
import type { Key } from '../../../db/schema';
import { HttpError } from '../../../errors';
import { idempotencyKeyOf, idempotentCreate } from '../../../http/idempotency-key';
import { findUserByUsername } from '../../accounts';
import { storePost } from '../../conversation';
import { cardById, deleteOwnPost } from '../../posts';
import { callerOf, requireUserScope } from '../caller';
import { statusOf } from '../entities';
import { recordNotFound, validationFailed } from '../oauth-error';
import { originOf } from '../origin';
import { postMediaOf } from '../status-media';

type IdParams = { Params: { id: string } };

/** Mastodon's visibilities in Spotter's: unlisted is public (Spotter has no unlisted), direct is the author alone. */
const spotterVisibility = { public: 'public', unlisted: 'public', private: 'followers', direct: 'private' } as const;

/** A post the viewer may see, as a Status; 404 otherwise. */
async function statusAnswer(ctx: AppContext, request: FastifyRequest, postId: string, viewerId: Key | undefined) {
  const post = await cardById(ctx.db, postId, viewerId);
  const author = post && (await findUserByUsername(ctx.db, post.author.username));
  if (!post || !author) throw recordNotFound();
  return statusOf(post, author, originOf(request, ctx));
}

const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Statuses (issue 50): post one, read one, delete one's own. */
export function statusRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.post('/statuses', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:statuses');
    const body = (request.body ?? {}) as Record<string, unknown>;
    // What Spotter cannot do yet is refused, not dropped: a reply posted as a new post would mislead.
    for (const name of ['in_reply_to_id', 'poll', 'scheduled_at']) {
      if (present(body[name])) throw validationFailed(`${name} is not supported by this server yet`);
    }
    const visibility =
      body.visibility === undefined ? undefined : spotterVisibility[body.visibility as keyof typeof spotterVisibility];
    if (body.visibility !== undefined && visibility === undefined) {
      throw validationFailed('visibility must be public, unlisted, private or direct');
    }
    const media = await postMediaOf(ctx, user.id, body.media_ids);
    const parsed = createPostBodySchema.safeParse({
      postData: {
        content: typeof body.status === 'string' ? body.status : '',
        ...(visibility ? { visibility } : {}),
        ...media,
      },
    });
    if (!parsed.success) throw validationFailed(describeIssues(parsed.error).join('; '));
    const { postData } = parsed.data;
    const create = async (publicId: string, claim?: ClaimInTransaction) => {
      try {
        await storePost(ctx, user.id, publicId, postData, request.log, claim);
      } catch (error) {
        // The post's own refusals (an upload another post shows) are Mastodon's validation failures.
        if (error instanceof HttpError && error.statusCode === 400) throw validationFailed(error.messages.join('; '));
        throw error;
      }
      return statusAnswer(ctx, request, publicId, user.id);
    };
    // Idempotency-Key as on Spotter's POST /api/posts, in the same table: an app's retry after a lost
    // answer gets the status the first call made, not a second one.
    const key = idempotencyKeyOf(request);
    if (key === undefined) return create(randomUUID());
    return idempotentCreate(
      ctx.db,
      idempotencyKeyTables.posts,
      { userId: user.id, key, body: postData },
      create,
      (id) => statusAnswer(ctx, request, id, user.id),
    );
  });

  // Public, as Mastodon's: a token, when one comes, must hold and makes its person the viewer.
  v1.get<IdParams>('/statuses/:id', async (request) => {
    const caller = await callerOf(request, ctx);
    return statusAnswer(ctx, request, request.params.id, caller?.user?.id);
  });

  // Mastodon answers the deleted status with its source text, for "delete and redraft".
  v1.delete<IdParams>('/statuses/:id', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:statuses');
    const status = await statusAnswer(ctx, request, request.params.id, user.id);
    const post = await cardById(ctx.db, request.params.id, user.id);
    const outcome = await deleteOwnPost(ctx, user.id, request.params.id, request.log);
    // Someone else's post is not found, as Mastodon answers it.
    if (outcome !== 'deleted') throw recordNotFound();
    return { ...status, text: post?.content ?? '' };
  });
}
