import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { blockedBy, blocking, mutedBy } from '../../safety';

/**
 * Where the viewer stands with each of some people (by public id): the client API's Relationship
 * (issue 50). Suspended people and those who block the viewer are left out, as everywhere the viewer
 * is not shown them; one the viewer blocks is there, `blocking`.
 */
export async function relationshipsOf(db: Db, viewerId: Key, publicIds: readonly string[]) {
  if (publicIds.length === 0) return [];
  return db.kysely
    .selectFrom('users')
    .select([
      'users.public_id',
      sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = users.id)`.as(
        'following',
      ),
      sql<boolean>`exists (select 1 from follows f where f.follower_id = users.id and f.followee_id = ${viewerId})`.as(
        'followed_by',
      ),
      // A request of a locked remote person still waiting for their Accept (decision 106).
      sql<boolean>`exists (select 1 from follow_requests r where r.followee_id = users.id and r.follower_id = ${viewerId})`.as(
        'requested',
      ),
      blocking(viewerId, 'users.id').as('blocking'),
      mutedBy(viewerId, 'users.id').as('muting'),
    ])
    .where('users.public_id', 'in', [...publicIds])
    .where('users.suspended_at', 'is', null)
    .where(sql<boolean>`not ${blockedBy(viewerId, 'users.id')}`)
    .execute();
}
