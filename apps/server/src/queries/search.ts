import type { UserSummary } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { summaryColumns, toUserSummary } from './users';
import { userVisibleTo, type ViewerKey } from './visibility';

/** `%` and `_` in a search are letters, not wildcards (and `_` is common in usernames). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Users whose username contains `q`, regardless of case. Indexed: FTS5 trigram on SQLite and pg_trgm
 * on PostgreSQL, both of which need three characters; shorter queries scan the (small) username key
 * index. Prefix matches first, then shorter names, then alphabetical.
 */
export async function searchUsers(db: Db, q: string, limit: number, viewerId?: ViewerKey): Promise<UserSummary[]> {
  const needle = q.trim().toLowerCase();
  if (needle === '') return [];
  const pattern = `%${likeEscaped(needle)}%`;
  let query = db.kysely.selectFrom('users').select(summaryColumns).where(userVisibleTo(viewerId));
  if (db.kind === 'sqlite' && needle.length >= 3) {
    // The trigram index finds candidates; the phrase query keeps the match a plain substring.
    const phrase = `"${needle.replace(/"/g, '""')}"`;
    query = query.where(sql<boolean>`users.id in (select rowid from users_search where users_search match ${phrase})`);
  } else {
    query = query.where(sql<boolean>`users.username_key like ${pattern} escape '\\'`);
  }
  const rows = await query
    .orderBy(sql`case when users.username_key like ${`${likeEscaped(needle)}%`} escape '\\' then 0 else 1 end`)
    .orderBy(sql`length(users.username_key)`)
    .orderBy('users.username_key')
    .limit(limit)
    .execute();
  return rows.map(toUserSummary);
}
