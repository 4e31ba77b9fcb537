import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';

/**
 * Whether the viewer liked the post `post` (a column, `posts.id`), as SQL: 0/1 on SQLite, a boolean
 * on PostgreSQL. On SQLite the probe is pinned to the likes keyed by viewer (migration 079): a page's
 * probes then read the viewer's one or two leaves instead of one leaf per post. The planner would take
 * the likes' key, which answers the same equality, as readily.
 */
export const likedByViewer = (db: Db, post: string, viewer: Key) =>
  db.kind === 'sqlite'
    ? sql<SqlBool>`exists (select 1 from likes indexed by likes_user_post where likes.user_id = ${viewer} and likes.post_id = ${sql.ref(post)})`
    : sql<SqlBool>`exists (select 1 from likes where likes.post_id = ${sql.ref(post)} and likes.user_id = ${viewer})`;

/**
 * Whether the viewer bookmarked the post `post` (a column, `posts.id`), as SQL. The bookmarks' key is
 * (user_id, post_id), so the probe reads the viewer's leaves on both engines with no hint.
 */
export const bookmarkedByViewer = (post: string, viewer: Key) =>
  sql<SqlBool>`exists (select 1 from bookmarks where bookmarks.user_id = ${viewer} and bookmarks.post_id = ${sql.ref(post)})`;
