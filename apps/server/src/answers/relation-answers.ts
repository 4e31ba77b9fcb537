import { apiErrors, type PageQuery, type Relation, type UserPage } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { pageRequest, userPageAnswer } from '../paging/page-request';
import { addRelation, type RelationKind, relationOf, relationPage, removeRelation } from '../queries/blocks';
import { toUserSummary } from '../queries/users';

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
  return { user: toUserSummary(outcome.other), ...(await relationOf(ctx.db, personId, outcome.other.id)) };
}

/** One page of the people the signed-in person blocks or mutes. */
export async function relationListAnswer(
  ctx: AppContext,
  kind: RelationKind,
  personId: Key,
  query: PageQuery,
): Promise<UserPage> {
  const { limit, after } = pageRequest(query);
  return userPageAnswer(await relationPage(ctx.db, kind, personId, limit, after));
}
