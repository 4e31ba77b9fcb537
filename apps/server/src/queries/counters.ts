import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** Recomputes every user's counters from the rows (after bulk loads: seed, benchmark data). */
export async function recountUsers(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`update users set
    follower_count = (select count(*) from follows where follows.followee_id = users.id),
    following_count = (select count(*) from follows where follows.follower_id = users.id),
    post_count = (select count(*) from posts where posts.author_id = users.id)`.execute(db);
}
