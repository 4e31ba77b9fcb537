import { type Kysely, sql } from 'kysely';

/**
 * Counters that count only what anyone may see (decision 046): until now a removed post still
 * counted in its author's post_count, a removed comment in its post's comment_count, and a suspended
 * person's follows, likes and comments everywhere. From here on every moderation step moves them
 * (modules/moderation/queries/moderation-counts.ts); this counts the existing rows again once, the same on both
 * databases. `down` changes nothing: the old counts are not worth restoring.
 */
export function visibleCounts() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update users set
        follower_count = (select count(*) from follows f join users o on o.id = f.follower_id
          where f.followee_id = users.id and o.suspended_at is null),
        following_count = (select count(*) from follows f join users o on o.id = f.followee_id
          where f.follower_id = users.id and o.suspended_at is null),
        post_count = (select count(*) from posts p where p.author_id = users.id and p.removed_at is null)`.execute(db);
      await sql`update posts set
        like_count = (select count(*) from likes l join users o on o.id = l.user_id
          where l.post_id = posts.id and o.suspended_at is null),
        comment_count = (select count(*) from comments c join users o on o.id = c.author_id
          where c.post_id = posts.id and c.removed_at is null and o.suspended_at is null)`.execute(db);
    },
    async down() {},
  };
}
