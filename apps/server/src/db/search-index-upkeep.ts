import { sql, type Transaction } from 'kysely';
import { runNowAndEvery } from '../lifecycle/periodic';
import type { Db } from './database';
import type { DatabaseSchema } from './schema';

/** How often the search indexes are merged, after the merge at start. */
export const searchIndexUpkeepMs = 10 * 60_000;

/** Pages of merged index one step writes at most: a few milliseconds of the event loop. */
const pagesPerStep = 64;

/**
 * On SQLite the user search reads FTS5's trigram index of usernames (`users_search`). Each signup's
 * transaction adds a segment to it, and FTS5 merges segments only once four gather at one level (its
 * `automerge`): the bench's signups left many segments, and a search reads every one. Merged into
 * one, a search's statement took less time (docs/performance-log.md, "The username index merged",
 * 2026-11-28).
 *
 * FTS5's `merge` command with a negative page count merges toward one segment in bounded steps; a
 * step that changes fewer than two rows (SQLite's `total_changes()`) found nothing left to merge. Each
 * step is a transaction of its own on the server's connection (a merge is a write: from the WAL
 * checkpointer's connection it would make the server's own writes fail, decision 050), with the event
 * loop free between steps. Answers the number of steps that merged something. PostgreSQL's pg_trgm
 * index needs nothing of the kind.
 */
export async function mergeSearchIndex(db: Db): Promise<number> {
  if (db.kind !== 'sqlite') return 0;
  let steps = 0;
  for (const table of searchIndexes) steps += await mergeIndex(db, table);
  return steps;
}

/**
 * The FTS5 indexes the server keeps merged: usernames (migration 003), first and last names and posts'
 * text (migrations 127 and 126, decision 089); each write adds a segment to them alike.
 */
const searchIndexes = ['users_search', 'users_search_names', 'posts_search'] as const;

async function mergeIndex(db: Db, table: (typeof searchIndexes)[number]): Promise<number> {
  let steps = 0;
  for (;;) {
    const merged = await db.kysely.transaction().execute(async (trx) => {
      const before = await totalChanges(trx);
      await sql`insert into ${sql.table(table)}(${sql.ref(table)}, rank) values ('merge', ${-pagesPerStep})`.execute(
        trx,
      );
      return (await totalChanges(trx)) - before >= 2;
    });
    if (!merged) return steps;
    steps += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function totalChanges(on: Transaction<DatabaseSchema>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(on);
  return Number(rows[0]?.n ?? 0);
}

/** A merge now and every ten minutes, never keeping the process alive; stopped (and awaited) on close. */
export function scheduleSearchIndexUpkeep(
  db: Db,
  log: { error(fields: object, message: string): void },
): () => Promise<void> {
  if (db.kind !== 'sqlite') return async () => {};
  return runNowAndEvery(
    () => mergeSearchIndex(db),
    searchIndexUpkeepMs,
    (error) => log.error({ err: error }, 'merging the search indexes failed'),
  );
}
