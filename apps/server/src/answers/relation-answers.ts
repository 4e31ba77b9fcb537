import { apiErrors, type PageQuery, pageLimits, type Relation, type UserPage } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { decodeCursor, encodeCursor } from '../paging/cursor';
import { addRelation, type RelationKind, relationOf, relationPage, removeRelation } from '../queries/blocks';
import { findUserById, toUserSummary } from '../queries/users';

/** Block, unblock, mute or unmute the person in the URL; answers where the two now stand. */
export async function relationAnswer(
  ctx: AppContext,
  change: 'add' | 'remove',
  kind: RelationKind,
  personId: Key,
  otherPublicId: string,
): Promise<Relation> {
  const outcome = await (change === 'add' ? addRelation : removeRelation)(ctx.db, kind, personId, otherPublicId);
  if (outcome.kind === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome.kind === 'self')
    throw badRequest(kind === 'block' ? apiErrors.cannotBlockSelf : apiErrors.cannotMuteSelf);
  const other = await findUserById(ctx.db, outcome.otherId);
  if (!other) throw notFound(apiErrors.userNotFound);
  return { user: toUserSummary(other), ...(await relationOf(ctx.db, personId, outcome.otherId)) };
}

/** One page of the people the signed-in person blocks or mutes. */
export async function relationListAnswer(
  ctx: AppContext,
  kind: RelationKind,
  personId: Key,
  query: PageQuery,
): Promise<UserPage> {
  const after = decodeCursor(query.cursor);
  if (after && after.t < '0001') throw badRequest('cursor: is not a cursor this server gave out');
  const page = await relationPage(ctx.db, kind, personId, query.limit ?? pageLimits.default, after);
  return { users: page.users, nextCursor: page.next ? encodeCursor(page.next) : null };
}
