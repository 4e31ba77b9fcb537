import type { Generated } from 'kysely';

/**
 * How rows are named (docs/decisions/010-integer-keys.md), the pattern for every new table:
 * - `id`: the integer key (SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL bigint identity),
 *   given by the database, never reused, never shown outside the server. Every join, foreign key and
 *   index uses it.
 * - `public_id`: the UUID the API shows as `_id` and takes in URLs and bodies; unique, looked up once
 *   at the edge of a query, never joined on.
 * - `<thing>_id` (author_id, user_id, post_id, ...): a foreign key, always an integer `Key`.
 * A table that only links two rows (likes, follows) has no id of its own: its primary key is the pair.
 */
export type Key = number;

/** The integer key column of a table, filled by the database on insert. */
export type KeyColumn = Generated<Key>;

/** Unknown to the database (no row has it): stands for "nobody" where a query wants a viewer's key. */
export const noKey: Key = 0;
