import type { UserSummary } from '@spotter/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema';
import { userVisibleTo, type ViewerKey } from '../../safety';
import { type SummaryRow, toUserSummary } from './users';

/** `%` and `_` in a search are letters, not wildcards (and `_` is common in usernames). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type SearchArgs = { viewer: Key; pattern: string; prefix: string; phrase: string; offset: number };
type Match = 'trigram' | 'like';
type Shape = `${Match}:${'viewer' | 'anonymous'}:${'ranked' | 'all' | 'later'}:${number}`;

/**
 * Users whose username, or first or last name ("firstname lastname"), contains `q`, regardless of
 * case (issue 47). Indexed: FTS5 trigram on SQLite and pg_trgm on PostgreSQL (migrations 003 and 127),
 * both of which need three characters; shorter queries scan the (small) username key index and the
 * names. Best matches first: usernames that start with the text, then first, last or full names that
 * do, then usernames and names that contain it; then shorter usernames, then alphabetical.
 *
 * A few letters match hundreds of people ("lift" on the bench's network: docs/performance-log.md,
 * "User search: the rule asked of the best 40", 2026-11-25), and the rule that hides the suspended and
 * those blocked either way was asked of every one before the sort kept 20. Now the best `2 × limit` by
 * rank are taken first and the rule asked of those alone: when at least `limit` of them may be seen,
 * they are exactly the first `limit` the full search would give (every match outside ranks below all of
 * them). Otherwise (few matches, or many hidden) the full search answers. A later page (`offset`, the
 * search page's People tab) is read by the full search.
 */
export async function searchUsers(
  db: Db,
  q: string,
  limit: number,
  viewerId?: ViewerKey,
  offset = 0,
): Promise<UserSummary[]> {
  const needle = q.trim().toLowerCase();
  if (needle === '') return [];
  const match: Match = db.kind === 'sqlite' && needle.length >= 3 ? 'trigram' : 'like';
  const args: SearchArgs = {
    viewer: viewerId ?? 0,
    pattern: `%${likeEscaped(needle)}%`,
    prefix: `${likeEscaped(needle)}%`,
    // The trigram index finds candidates; the phrase query keeps the match a plain substring.
    phrase: `"${needle.replace(/"/g, '""')}"`,
    offset,
  };
  const who = viewerId === undefined ? 'anonymous' : 'viewer';
  if (offset > 0) return (await searchQuery(db, `${match}:${who}:later:${limit}`, args)).map(toUserSummary);
  const ranked = await searchQuery(db, `${match}:${who}:ranked:${limit}`, args);
  const rows = ranked.length >= limit ? ranked : await searchQuery(db, `${match}:${who}:all:${limit}`, args);
  return rows.map(toUserSummary);
}

const searchQuery = prepared((_db: Db, args: SearchArgs, shape: Shape) => {
  const [match, who, pass, rows] = shape.split(':');
  const limit = Number(rows);
  // The same text on both engines, so PostgreSQL's expression index (migration 127) serves it.
  const name = sql`lower(users.firstname || ' ' || users.lastname)`;
  const matching =
    match === 'trigram'
      ? sql`(users.id in (select rowid from users_search where users_search match ${args.phrase})
          or users.id in (select rowid from users_search_names where users_search_names match ${args.phrase}))`
      : sql`(users.username_key like ${args.pattern} escape '\\' or ${name} like ${args.pattern} escape '\\')`;
  const visible = userVisibleTo(who === 'viewer' ? args.viewer : undefined);
  const startsWith = (text: RawBuilder<unknown>) => sql`${text} like ${args.prefix} escape '\\'`;
  const rank = sql`case when ${startsWith(sql`users.username_key`)} then 0
      when ${startsWith(sql`lower(users.firstname)`)} or ${startsWith(sql`lower(users.lastname)`)}
        or ${startsWith(name)} then 1
      when users.username_key like ${args.pattern} escape '\\' then 2 else 3 end,
    length(users.username_key), users.username_key`;
  const columns = sql`users.id, users.public_id, users.username, users.firstname, users.lastname,
    users.avatar_url, users.remote, users.username_key, users.suspended_at`;
  // A later page's offset is a bound value (SQLite prepares such a statement on each run: decision
  // 045), so that the first page, the sidebar's, keeps its statement.
  const later = pass === 'later' ? sql` offset ${args.offset}` : sql``;
  if (pass !== 'ranked')
    return sql<SummaryRow>`select ${columns} from users where ${matching} and ${visible}
      order by ${rank} limit ${sql.lit(limit)}${later}`;
  // The best by rank, then the rule asked of those alone; the derived table keeps the name `users`,
  // so the rule and the rank read it as they read the table.
  return sql<SummaryRow>`select users.* from (select ${columns} from users where ${matching}
      order by ${rank} limit ${sql.lit(2 * limit)}) users
    where ${visible} order by ${rank} limit ${sql.lit(limit)}`;
});
