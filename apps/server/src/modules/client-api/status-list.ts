import type { CardPost } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { usersByPublicIds } from '../accounts';
import { accountOf, statusOf } from './entities';
import { originOf } from './origin';

type Status = ReturnType<typeof statusOf>;
/** A Status, or Mastodon's reblog: the booster's status wrapping the post's. */
type TimelineStatus = Omit<Status, 'reblog'> & { reblog: Status | null };

/**
 * Posts as Statuses, their authors' rows read in one statement for the whole list (the Account
 * carries counts and a bio that a card's author summary has not). An author gone meanwhile (erased)
 * takes their post out of the answer. A Home entry a boost put there (issue 49) is answered as
 * Mastodon answers a reblog: a status whose `account` is the booster and whose `reblog` is the post.
 */
export async function statusesOf(ctx: AppContext, request: FastifyRequest, posts: readonly CardPost[]) {
  const authors = await usersByPublicIds(
    ctx.db,
    posts.flatMap((post) => (post.boostedBy ? [post.author._id, post.boostedBy._id] : [post.author._id])),
  );
  const origin = originOf(request, ctx);
  // One Account per author, shared by their statuses (a home page often shows several of one person's).
  const byId = new Map(authors.map((author) => [author.public_id, { author, account: accountOf(author, origin) }]));
  return posts.flatMap((post): TimelineStatus[] => {
    const found = byId.get(post.author._id);
    if (!found) return [];
    const status = statusOf(post, found.author, origin, found.account);
    const booster = post.boostedBy && byId.get(post.boostedBy._id);
    if (!booster) return [status];
    return [{ ...status, content: '', media_attachments: [], card: null, account: booster.account, reblog: status }];
  });
}
