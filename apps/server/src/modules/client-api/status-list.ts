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
  const byId = new Map(authors.map((author) => [author.public_id, author]));
  const origin = originOf(request, ctx);
  return posts.flatMap((post): TimelineStatus[] => {
    const author = byId.get(post.author._id);
    if (!author) return [];
    const status = statusOf(post, author, origin);
    const booster = post.boostedBy && byId.get(post.boostedBy._id);
    if (!booster) return [status];
    return [
      {
        ...status,
        content: '',
        media_attachments: [],
        card: null,
        account: accountOf(booster, origin),
        reblog: status,
      },
    ];
  });
}
