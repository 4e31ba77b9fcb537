import type { Kysely } from 'kysely';

/**
 * A migration that builds an index again with more columns after the same leading ones (a covering
 * index), and back: every read that used the index is served as before, and those that also need the
 * added columns read them from it rather than from the table.
 */
export function rebuiltIndex(name: string, table: string, leading: string[], added: string[]) {
  const rebuild = async (db: Kysely<unknown>, columns: string[]) => {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  };
  return {
    up: (db: Kysely<unknown>) => rebuild(db, [...leading, ...added]),
    down: (db: Kysely<unknown>) => rebuild(db, leading),
  };
}
