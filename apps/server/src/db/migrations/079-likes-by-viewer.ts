import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Every card page asks, for each of its ~21 posts, whether the viewer liked it. The likes' key is
 * (post_id, user_id), so on SQLite those 21 probes land in 21 distinct leaves of a 2-million-row index,
 * most of them outside SQLite's page cache: a large part of a profile page's statement
 * (docs/performance-log.md, "The viewer's likes asked by viewer first", 2026-11-28). Keyed by viewer
 * first, the same probes all fall in the viewer's few hundred entries, one or two leaves
 * (`likedByViewer` in modules/posts/queries/viewer-flags.ts names it). PostgreSQL keeps the likes' key in its shared
 * buffers and gains nothing it would pay for on every like, so it is SQLite's alone.
 */
export function likesByViewer(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') await sql`create index likes_user_post on likes (user_id, post_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'sqlite') await sql`drop index likes_user_post`.execute(db);
    },
  };
}
