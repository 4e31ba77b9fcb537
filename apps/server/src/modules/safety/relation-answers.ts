import { apiErrors, type PageQuery, type Relation, type UserPage } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { pageRequest } from '../../paging/page-request';
import { toUserSummary } from '../accounts';
import { publishUnreadCount } from '../notifications';
import { userPageAnswer } from '../social';
import { addRelation, type RelationKind, relationOf, relationPage, removeRelation } from './queries/blocks';

/**
 * Block, unblock, mute or unmute the person in the URL; answers where the two now stand. The entries
 * the other person caused leave (or come back to) what the signed-in person is shown, so their other
 * tabs and devices hear the new unread count. The other person is not told: a live count falling the
 * moment someone blocks them would give the block away. A remote person's server is sent a Block,
 * as Mastodon sends one; a Spotter there ends the follows and keeps the block as one by our person
 * (modules/federation/inbox-block.ts).
 */
export async function relationAnswer(
  ctx: AppContext,
  log: FastifyBaseLogger,
  change: 'add' | 'remove',
  kind: RelationKind,
  personId: Key,
  otherPublicId: string,
): Promise<Relation> {
  const outcome = await (change === 'add' ? addRelation : removeRelation)(ctx.db, kind, personId, otherPublicId);
  if (outcome.kind === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome.kind === 'self')
    throw badRequest(kind === 'block' ? apiErrors.cannotBlockSelf : apiErrors.cannotMuteSelf);
  // Someone on another server hears of a block as Mastodon tells it (their follow of us ends there too).
  if (kind === 'block' && change === 'add') ctx.outbox?.blocked(personId, otherPublicId);
  // ...and of its end, so that their server lifts it too (the follows it ended stay ended).
  if (kind === 'block' && change === 'remove' && outcome.changed) ctx.outbox?.unblocked(personId, otherPublicId);
  await publishUnreadCount(ctx, personId, log);
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
