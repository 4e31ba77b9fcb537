import { apiErrors } from '@spotter/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { notFound } from '../../errors';
import { boundedList } from '../../http/bounded-list';
import { encodeCursor } from '../../paging/cursor';
import { cardById } from './queries/cards';
import type { Page } from './queries/feeds';
import { allPosts, findVisiblePost } from './queries/posts';

/**
 * What a post mutation answers: the spec's whole list, or under `Prefer: return=minimal` only the
 * changed post as the viewer sees it.
 */
export async function postMutationAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  minimal: boolean,
  postId: string,
  viewerId: Key,
) {
  if (minimal) return cardAnswer(ctx, postId, viewerId);
  return { posts: boundedList(reply, await allPosts(ctx.db, ctx.config.unpagedListMax, viewerId)) };
}

/**
 * Refuses with 404 an action (like, comment, bookmark) on a post the person may not see: private,
 * followers-only without following, by someone on the other side of a block, removed, or suspended.
 */
export async function requireVisiblePost(ctx: AppContext, postId: string, viewerId: Key) {
  const post = await findVisiblePost(ctx.db, postId, viewerId);
  if (!post) throw notFound(apiErrors.postNotFound);
  return post;
}

/** One post (by public id) as the viewer sees it (anonymous: `viewerId` undefined): a card, or 404. */
export async function cardAnswer(ctx: AppContext, postId: string, viewerId: Key | undefined) {
  const post = await cardById(ctx.db, postId, viewerId);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
}

/** A page of posts as the API answers it. */
export const pageAnswer = (page: Page) => ({
  posts: page.posts,
  nextCursor: page.next ? encodeCursor(page.next) : null,
});
