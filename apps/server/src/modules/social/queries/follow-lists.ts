import type { UserSummary } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import type { Keyset } from '../../../paging/cursor';
import { comesAfter } from '../../../paging/keyset';
import { summaryColumns, toUserSummary } from '../../accounts';
import { userVisibleTo, type ViewerKey } from '../../safety';

export type FollowSide = 'followers' | 'following';

export interface UserPageRows {
  users: UserSummary[];
  /** The keyset to continue after, null on the last page. */
  next: Keyset | null;
}

/**
 * A page of people out of `limit + 1` rows read newest relation first (`at`: when the follow, block
 * or mute was made), the keyset being that time and the person's public id.
 */
export function toUserPage<R extends Parameters<typeof toUserSummary>[0] & { at: Date | string }>(
  rows: R[],
  limit: number,
): UserPageRows {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    users: pageRows.map(toUserSummary),
    next: rows.length > limit && last ? { t: isoOf(last.at), i: last.public_id } : null,
  };
}

/**
 * One page of a person's followers (or of the people they follow), most recent follow first. The
 * keyset is the follow's time and the other person's public id; the walk uses the follows index of
 * migration 040 on the person's side.
 */
export async function followPage(
  db: Db,
  personId: Key,
  side: FollowSide,
  limit: number,
  after: Keyset | undefined,
  viewerId?: ViewerKey,
): Promise<UserPageRows> {
  const [mine, theirs] =
    side === 'followers'
      ? (['f.followee_id', 'f.follower_id'] as const)
      : (['f.follower_id', 'f.followee_id'] as const);
  let query = db.kysely
    .selectFrom('follows as f')
    .innerJoin('users', 'users.id', theirs)
    .select(summaryColumns)
    .select('f.created_at as at')
    .where(mine, '=', personId)
    .where(userVisibleTo(viewerId));
  if (after) {
    query = query.where(comesAfter('descending', ['f.created_at', 'users.public_id'], [after.t, after.i]));
  }
  const rows = await query
    .orderBy('f.created_at', 'desc')
    .orderBy('users.public_id', 'desc')
    .limit(limit + 1)
    .execute();
  return toUserPage(rows, limit);
}
