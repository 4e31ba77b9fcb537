import { describeIssues, editPostBodySchema } from '@spotter/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { erasedMeanwhile, usersByPublicIds } from '../../accounts';
import { commentPageByPostId, editOwnPost } from '../../conversation';
import { findVisiblePost } from '../../posts';
import { addBookmark, likeAs, likersPage, removeBookmark, unlikeAs } from '../../social';
import { accountsOf } from '../account-list';
import { callerOf, requireUserScope } from '../caller';
import { commentStatusOf } from '../comment-status';
import { MastodonError, recordNotFound, validationFailed } from '../oauth-error';
import { oneStatus } from '../one-status';
import { originOf } from '../origin';
import { cursorOf, cursorPageOf, mastodonPageOf, setLinks } from '../paging';

type IdParams = { Params: { id: string } };

/** How many comments a context answers: Mastodon's context is unpaged; Spotter's threads are long at most this. */
const contextComments = 200;

const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** What one does to a status (issue 50): its thread, an edit, favourites, bookmarks; no boosts yet. */
export function statusActionRoutes(v1: FastifyInstance, ctx: AppContext) {
  // Public, as Mastodon's. A post has no ancestors in Spotter; its comments are its descendants.
  v1.get<IdParams>('/statuses/:id/context', async (request) => {
    const viewerId = (await callerOf(request, ctx))?.user?.id;
    const post = await oneStatus(ctx, request, request.params.id, viewerId);
    const { comments } = await commentPageByPostId(
      ctx.db,
      request.params.id,
      { limit: contextComments, after: undefined },
      viewerId,
    );
    const authors = await usersByPublicIds(
      ctx.db,
      comments.map((comment) => comment.author._id),
    );
    const byId = new Map(authors.map((author) => [author.public_id, author]));
    const authorOfComment = new Map(comments.map((comment) => [comment._id, comment.author._id]));
    const origin = originOf(request, ctx);
    const descendants = comments.flatMap((comment) => {
      const author = byId.get(comment.author._id);
      const replied = comment.replyTo ? (authorOfComment.get(comment.replyTo) ?? null) : post.account.id;
      return author ? [commentStatusOf(comment, author, post, replied, origin)] : [];
    });
    return { ancestors: [], descendants };
  });

  // Mastodon's edit: the text (and nothing Spotter cannot keep: media_ids or a poll are refused).
  v1.put<IdParams>('/statuses/:id', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:statuses');
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const name of ['media_ids', 'poll']) {
      if (present(body[name])) throw validationFailed(`${name} is not supported by this server yet`);
    }
    const parsed = editPostBodySchema.safeParse({
      postData: typeof body.status === 'string' ? { content: body.status } : {},
    });
    if (!parsed.success) throw validationFailed(describeIssues(parsed.error).join('; '));
    const outcome = await editOwnPost(ctx, user.id, request.params.id, parsed.data.postData, request.log);
    // Someone else's post is not found, as Mastodon answers it.
    if (typeof outcome === 'string') throw recordNotFound();
    return oneStatus(ctx, request, outcome.edited, user.id);
  });

  // Favourite and unfavourite are Spotter's like and its taking back, idempotent as Mastodon's.
  v1.post<IdParams>('/statuses/:id/favourite', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:favourites');
    const outcome = await likeAs(ctx, request.params.id, user.id, request.log);
    if (outcome === 'no-post') throw recordNotFound();
    if (outcome === 'no-actor') throw erasedMeanwhile();
    return oneStatus(ctx, request, request.params.id, user.id);
  });

  v1.post<IdParams>('/statuses/:id/unfavourite', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:favourites');
    const outcome = await unlikeAs(ctx, request.params.id, user.id, request.log);
    if (outcome === 'no-post') throw recordNotFound();
    if (outcome === 'no-actor') throw erasedMeanwhile();
    return oneStatus(ctx, request, request.params.id, user.id);
  });

  for (const [action, write] of [
    ['bookmark', addBookmark],
    ['unbookmark', removeBookmark],
  ] as const) {
    v1.post<IdParams>(`/statuses/:id/${action}`, async (request) => {
      const { user } = await requireUserScope(request, ctx, 'write:bookmarks');
      // Only a post the person may see (as Spotter's bookmark route checks).
      if (!(await findVisiblePost(ctx.db, request.params.id, user.id))) throw recordNotFound();
      const outcome = await write(ctx.db, user.id, request.params.id);
      if (outcome === 'no-post') throw recordNotFound();
      if (outcome === 'no-actor') throw erasedMeanwhile();
      return oneStatus(ctx, request, request.params.id, user.id);
    });
  }

  v1.get<IdParams>('/statuses/:id/favourited_by', async (request, reply) => {
    const viewerId = (await callerOf(request, ctx))?.user?.id;
    const post = await findVisiblePost(ctx.db, request.params.id, viewerId);
    if (!post) throw recordNotFound();
    const paging = mastodonPageOf(request, 80);
    const { limit, after } = cursorPageOf(paging);
    const page = await likersPage(ctx.db, post.id, limit, after, viewerId);
    setLinks(ctx, request, reply, paging, { next: cursorOf(page.next), prev: undefined });
    return accountsOf(ctx, request, page.users);
  });

  v1.get<IdParams>('/statuses/:id/reblogged_by', async (request) => {
    const viewerId = (await callerOf(request, ctx))?.user?.id;
    await oneStatus(ctx, request, request.params.id, viewerId);
    return [];
  });

  for (const action of ['reblog', 'unreblog']) {
    v1.post<IdParams>(`/statuses/:id/${action}`, async (request) => {
      await requireUserScope(request, ctx, 'write:statuses');
      throw new MastodonError(422, 'Boosts are not supported by this server yet');
    });
  }
}
