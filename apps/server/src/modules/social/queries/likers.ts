import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import type { Keyset } from '../../../paging/cursor';
import { comesAfter } from '../../../paging/keyset';
import { summaryColumns } from '../../accounts';
import { userVisibleTo, type ViewerKey } from '../../safety';
import { toUserPage, type UserPageRows } from './follow-lists';

/**
 * One page of the people who like a post (Mastodon's favourited_by, issue 50), most recent like
 * first, as the follow lists page: the keyset is the like's time and the person's public id. The
 * caller has checked the viewer may see the post; people the viewer may not see are left out.
 */
export async function likersPage(
  db: Db,
  postId: Key,
  limit: number,
  after: Keyset | undefined,
  viewerId: ViewerKey,
): Promise<UserPageRows> {
  let query = db.kysely
    .selectFrom('likes as l')
    .innerJoin('users', 'users.id', 'l.user_id')
    .select(summaryColumns)
    .select('l.created_at as at')
    .where('l.post_id', '=', postId)
    .where(userVisibleTo(viewerId));
  if (after) query = query.where(comesAfter('descending', ['l.created_at', 'users.public_id'], [after.t, after.i]));
  const rows = await query
    .orderBy('l.created_at', 'desc')
    .orderBy('users.public_id', 'desc')
    .limit(limit + 1)
    .execute();
  return toUserPage(rows, limit);
}
