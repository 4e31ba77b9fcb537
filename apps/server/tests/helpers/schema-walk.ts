import { sql } from 'kysely';
import type { Db } from '../../src/db/database';

export interface Column {
  table: string;
  name: string;
  /** text-like (text, varchar) or not */
  text: boolean;
}

export interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

/**
 * Every table of the schema as the database itself reports it (information_schema on PostgreSQL,
 * sqlite_master and its pragmas on SQLite), so a table added by a later migration is walked without
 * this file changing. Left out: the migrator's own tables and SQLite's (FTS5 shadow tables included,
 * which hold only what the users table holds).
 */
export async function schemaOf(db: Db): Promise<{ tables: string[]; columns: Column[]; foreignKeys: ForeignKey[] }> {
  if (db.kind === 'postgres') {
    const tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
    ).rows
      .map((r) => r.name)
      .filter(isAppTable);
    const columns = (
      await sql<{ table: string; name: string; type: string }>`select table_name as table, column_name as name,
          data_type as type from information_schema.columns where table_schema = current_schema()`.execute(db.kysely)
    ).rows
      .filter((c) => tables.includes(c.table))
      .map((c) => ({ table: c.table, name: c.name, text: /char|text/i.test(c.type) }));
    const foreignKeys = (
      await sql<ForeignKey>`select c.conrelid::regclass::text as table, a.attname as column,
          c.confrelid::regclass::text as references
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db.kysely)
    ).rows;
    return { tables, columns, foreignKeys };
  }
  const tables = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely)
  ).rows
    .map((r) => r.name)
    .filter(isAppTable);
  const columns: Column[] = [];
  const foreignKeys: ForeignKey[] = [];
  for (const table of tables) {
    const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(
      db.kysely,
    );
    columns.push(...info.rows.map((c) => ({ table, name: c.name, text: /char|text|^$/i.test(c.type) })));
    const keys = await sql<{
      table: string;
      from: string;
    }>`select "table", "from" from pragma_foreign_key_list(${table})`.execute(db.kysely);
    foreignKeys.push(...keys.rows.map((k) => ({ table, column: k.from, references: k.table })));
  }
  return { tables, columns, foreignKeys };
}

const isAppTable = (name: string) =>
  !name.startsWith('sqlite_') &&
  !name.startsWith('kysely_') &&
  !name.startsWith('users_search') &&
  !name.startsWith('posts_search');

/** How many rows of `table` have `value` in `column`. */
export async function countWhere(db: Db, table: string, column: string, value: unknown): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} = ${value}`.execute(db.kysely);
  return Number(rows[0]?.n ?? 0);
}

/** The number of rows of every table: a change anywhere shows. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { tables } = await schemaOf(db);
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db.kysely,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
