import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { Keyset } from '../../../paging/cursor';
import { comesAfter } from '../../../paging/keyset';
import { type SummaryRow, summaryColumns } from '../../accounts';
import { removeFollow, toUserPage, type UserPageRows } from '../../social';

/** Blocks and mutes (issue 16): the rows; what they hide is modules/safety/queries/visibility.ts. */

export type RelationKind = 'block' | 'mute';

const tables = {
  block: { table: 'blocks', who: 'blocker_id', whom: 'blocked_id' },
  mute: { table: 'mutes', who: 'muter_id', whom: 'muted_id' },
} as const;

/** The other person, read once by their public id: their key and what the answer shows of them. */
type Other = SummaryRow & { id: Key };

export type RelationOutcome =
  /** `changed`: a row was written or removed (false when it already stood as asked). */
  { kind: 'done'; other: Other; changed?: boolean } | { kind: 'no-user' } | { kind: 'self' };

/**
 * Blocks (or mutes) the person with this public id; idempotent. A block also ends the follows
 * between the two, both ways, with their counters and timeline rows, in the same transaction.
 */
export function addRelation(
  db: Db,
  kind: RelationKind,
  personId: Key,
  otherPublicId: string,
): Promise<RelationOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const other = await trx
      .selectFrom('users')
      .select(summaryColumns)
      .where('public_id', '=', otherPublicId)
      .executeTakeFirst();
    if (!other) return { kind: 'no-user' } as const;
    if (other.id === personId) return { kind: 'self' } as const;
    const at = nowIso();
    if (kind === 'block') {
      await trx
        .insertInto('blocks')
        .values({ blocker_id: personId, blocked_id: other.id, created_at: at })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
      await removeFollow(db, trx, personId, other.id);
      await removeFollow(db, trx, other.id, personId);
    } else {
      await trx
        .insertInto('mutes')
        .values({ muter_id: personId, muted_id: other.id, created_at: at })
        .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
        .execute();
    }
    return { kind: 'done', other } as const;
  });
}

/** Undoes a block (or mute); idempotent. Follows ended by a block stay ended. */
export async function removeRelation(
  db: Db,
  kind: RelationKind,
  personId: Key,
  otherPublicId: string,
): Promise<RelationOutcome> {
  const other = await db.kysely
    .selectFrom('users')
    .select(summaryColumns)
    .where('public_id', '=', otherPublicId)
    .executeTakeFirst();
  if (!other) return { kind: 'no-user' };
  if (other.id === personId) return { kind: 'self' };
  const removed =
    kind === 'block'
      ? await db.kysely
          .deleteFrom('blocks')
          .where('blocker_id', '=', personId)
          .where('blocked_id', '=', other.id)
          .executeTakeFirst()
      : await db.kysely
          .deleteFrom('mutes')
          .where('muter_id', '=', personId)
          .where('muted_id', '=', other.id)
          .executeTakeFirst();
  return { kind: 'done', other, changed: Number(removed.numDeletedRows) > 0 };
}

/** Where `personId` stands with `otherId`: whether they block and whether they mute them. */
export async function relationOf(db: Db, personId: Key, otherId: Key) {
  const [block, mute] = await Promise.all([
    db.kysely
      .selectFrom('blocks')
      .select('blocked_id')
      .where('blocker_id', '=', personId)
      .where('blocked_id', '=', otherId)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('mutes')
      .select('muted_id')
      .where('muter_id', '=', personId)
      .where('muted_id', '=', otherId)
      .executeTakeFirst(),
  ]);
  return { blocked: block !== undefined, muted: mute !== undefined };
}

/** Whether there is a block between the two, either way (writes refuse then: follow, like, comment...). */
export async function isBlockedEitherWay(db: Db, a: Key, b: Key): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of the people someone blocks (or mutes), most recent first, from the table's time index. */
export async function relationPage(
  db: Db,
  kind: RelationKind,
  personId: Key,
  limit: number,
  after: Keyset | undefined,
): Promise<UserPageRows> {
  const { table, who, whom } = tables[kind];
  // blocks and mutes have the same shape; typing the join as `blocks` covers both.
  const r = `${table as 'blocks'} as r` as const;
  const [mine, theirs] = [`r.${who}` as 'r.blocker_id', `r.${whom}` as 'r.blocked_id'];
  let query = db.kysely
    .selectFrom(r)
    .innerJoin('users', 'users.id', theirs)
    .select(summaryColumns)
    .select('r.created_at as at')
    .where(mine, '=', personId);
  if (after) {
    query = query.where(comesAfter('descending', ['r.created_at', 'users.public_id'], [after.t, after.i]));
  }
  const rows = await query
    .orderBy('r.created_at', 'desc')
    .orderBy('users.public_id', 'desc')
    .limit(limit + 1)
    .execute();
  return toUserPage(rows, limit);
}
