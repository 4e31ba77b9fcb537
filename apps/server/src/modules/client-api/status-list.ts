import type { CardPost } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { usersByPublicIds } from '../accounts';
import { accountOf, statusOf } from './entities';
import { originOf } from './origin';

/**
 * Posts as Statuses, their authors' rows read in one statement for the whole list (the Account
 * carries counts and a bio that a card's author summary has not). An author gone meanwhile (erased)
 * takes their post out of the answer.
 */
export async function statusesOf(ctx: AppContext, request: FastifyRequest, posts: readonly CardPost[]) {
  const authors = await usersByPublicIds(
    ctx.db,
    posts.map((post) => post.author._id),
  );
  const origin = originOf(request, ctx);
  // One Account per author, shared by their statuses (a home page often shows several of one person's).
  const byId = new Map(authors.map((author) => [author.public_id, { author, account: accountOf(author, origin) }]));
  return posts.flatMap((post) => {
    const found = byId.get(post.author._id);
    return found ? [statusOf(post, found.author, origin, found.account)] : [];
  });
}
