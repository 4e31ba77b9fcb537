import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from './schema';

/**
 * Recomputes every user's counters from the rows (after bulk loads: seed, benchmark data), counting
 * what the visibility rule lets anyone see (decision 046): no removed post, no follow to or from a
 * suspended person. Migration 072 holds the same statement, frozen, and the posts' counts.
 */
export async function recountUsers(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`update users set
    follower_count = (select count(*) from follows f join users o on o.id = f.follower_id
      where f.followee_id = users.id and o.suspended_at is null),
    following_count = (select count(*) from follows f join users o on o.id = f.followee_id
      where f.follower_id = users.id and o.suspended_at is null),
    post_count = (select count(*) from posts where posts.author_id = users.id and posts.removed_at is null)`.execute(
    db,
  );
}
