import type { UserSummary } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema';
import { userVisibleTo, type ViewerKey } from '../../safety';
import { type SummaryRow, toUserSummary } from './users';

/** `%` and `_` in a search are letters, not wildcards (and `_` is common in usernames). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type SearchArgs = { viewer: Key; pattern: string; prefix: string; phrase: string };
type Match = 'trigram' | 'like';
type Shape = `${Match}:${'viewer' | 'anonymous'}:${'ranked' | 'all'}:${number}`;

/**
 * Users whose username contains `q`, regardless of case. Indexed: FTS5 trigram on SQLite and pg_trgm
 * on PostgreSQL, both of which need three characters; shorter queries scan the (small) username key
 * index. Prefix matches first, then shorter names, then alphabetical.
 *
 * A few letters match hundreds of people ("lift" on the bench's network: docs/performance-log.md,
 * "User search: the rule asked of the best 40", 2026-11-25), and the rule that hides the suspended and
 * those blocked either way was asked of every one before the sort kept 20. Now the best `2 × limit` by
 * rank are taken first and the rule asked of those alone: when at least `limit` of them may be seen,
 * they are exactly the first `limit` the full search would give (every match outside ranks below all of
 * them). Otherwise (few matches, or many hidden) the full search answers.
 */
export async function searchUsers(db: Db, q: string, limit: number, viewerId?: ViewerKey): Promise<UserSummary[]> {
  const needle = q.trim().toLowerCase();
  if (needle === '') return [];
  const match: Match = db.kind === 'sqlite' && needle.length >= 3 ? 'trigram' : 'like';
  const args: SearchArgs = {
    viewer: viewerId ?? 0,
    pattern: `%${likeEscaped(needle)}%`,
    prefix: `${likeEscaped(needle)}%`,
    // The trigram index finds candidates; the phrase query keeps the match a plain substring.
    phrase: `"${needle.replace(/"/g, '""')}"`,
  };
  const who = viewerId === undefined ? 'anonymous' : 'viewer';
  const ranked = await searchQuery(db, `${match}:${who}:ranked:${limit}`, args);
  const rows = ranked.length >= limit ? ranked : await searchQuery(db, `${match}:${who}:all:${limit}`, args);
  return rows.map(toUserSummary);
}

const searchQuery = prepared((_db: Db, args: SearchArgs, shape: Shape) => {
  const [match, who, pass, rows] = shape.split(':');
  const limit = Number(rows);
  const matching =
    match === 'trigram'
      ? sql`users.id in (select rowid from users_search where users_search match ${args.phrase})`
      : sql`users.username_key like ${args.pattern} escape '\\'`;
  const visible = userVisibleTo(who === 'viewer' ? args.viewer : undefined);
  const rank = sql`case when users.username_key like ${args.prefix} escape '\\' then 0 else 1 end,
    length(users.username_key), users.username_key`;
  const columns = sql`users.id, users.public_id, users.username, users.firstname, users.lastname,
    users.avatar_url, users.username_key, users.suspended_at`;
  if (pass === 'all')
    return sql<SummaryRow>`select ${columns} from users where ${matching} and ${visible}
      order by ${rank} limit ${sql.lit(limit)}`;
  // The best by rank, then the rule asked of those alone; the derived table keeps the name `users`,
  // so the rule and the rank read it as they read the table.
  return sql<SummaryRow>`select users.* from (select ${columns} from users where ${matching}
      order by ${rank} limit ${sql.lit(2 * limit)}) users
    where ${visible} order by ${rank} limit ${sql.lit(limit)}`;
});
