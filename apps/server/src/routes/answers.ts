import { apiErrors } from '@spotter/contract';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { cardById } from '../queries/cards';
import { allPosts } from '../queries/posts';
import { toProfile } from '../queries/profiles';
import { findUserById } from '../queries/users';

/**
 * What a post mutation answers: the spec's whole list, or under `Prefer: return=minimal` only the
 * changed post as the viewer sees it.
 */
export async function postMutationAnswer(ctx: AppContext, minimal: boolean, postId: string, viewerId: string) {
  return minimal ? cardAnswer(ctx, postId, viewerId) : { posts: await allPosts(ctx.db) };
}

/** One post as the viewer sees it: the minimal answer of any change to a post. */
export async function cardAnswer(ctx: AppContext, postId: string, viewerId: string) {
  const post = await cardById(ctx.db, postId, viewerId);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
}

/** Two profiles after a follow or unfollow, as the signed-in person sees them. */
export async function followMinimalAnswer(ctx: AppContext, viewerId: string, otherId: string) {
  const [me, other] = await Promise.all([findUserById(ctx.db, viewerId), findUserById(ctx.db, otherId)]);
  if (!me || !other) throw notFound(apiErrors.userNotFound);
  return { user: await toProfile(ctx.db, me, viewerId), followUser: await toProfile(ctx.db, other, viewerId) };
}
