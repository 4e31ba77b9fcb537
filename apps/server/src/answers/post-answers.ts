import { apiErrors } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { notFound } from '../errors';
import { cardById } from '../queries/cards';
import { allPosts } from '../queries/posts';

/**
 * What a post mutation answers: the spec's whole list, or under `Prefer: return=minimal` only the
 * changed post as the viewer sees it.
 */
export async function postMutationAnswer(ctx: AppContext, minimal: boolean, postId: string, viewerId: Key) {
  return minimal ? cardAnswer(ctx, postId, viewerId) : { posts: await allPosts(ctx.db) };
}

/** One post (by public id) as the viewer sees it (anonymous: `viewerId` undefined): a card, or 404. */
export async function cardAnswer(ctx: AppContext, postId: string, viewerId: Key | undefined) {
  const post = await cardById(ctx.db, postId, viewerId);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
}
