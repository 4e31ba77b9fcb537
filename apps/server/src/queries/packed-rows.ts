import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import { rowMaker } from '../db/sqlite-statements';

/** A statement's select list as [name, expression] pairs, for `selectColumns` and `unpackRows`. */
export type Columns = readonly (readonly [string, RawBuilder<unknown>])[];

/**
 * The columns as a select list. On SQLite they are packed into one JSON array per row (`packed`):
 * better-sqlite3 hands each value of a row to JavaScript through V8's API, about 1,200 instructions a
 * value, where one string per row and `JSON.parse` cost less (callgrind, the home page's statement of
 * 21 rows of 11 values: 695k → 599k instructions a run). Only for columns whose values survive
 * SQLite's JSON unchanged: integers, text and NULL (it writes a float with 15 significant digits).
 * Rows read with it go through `unpackRows`.
 */
export function selectColumns(db: Db, columns: Columns): RawBuilder<unknown> {
  if (db.kind === 'sqlite') return sql`${packedColumn(columns)} as packed`;
  return sql.join(columns.map(([name, value]) => sql`${value} as ${sql.ref(name)}`));
}

/** The columns' values as one JSON array, for a query builder's `.select(packedColumn(columns).as('packed'))`. */
export const packedColumn = (columns: Columns): RawBuilder<string> =>
  sql<string>`json_array(${sql.join(columns.map(([, value]) => value))})`;

/** The rows of a statement whose select list `selectColumns` wrote, as objects named by its columns' `names`. */
export function rowsUnpacker<R>(names: readonly string[]): (db: Db, rows: unknown[]) => R[] {
  const make = rowMaker([...names]);
  return (db, rows) =>
    db.kind === 'sqlite'
      ? (rows as { packed: string }[]).map((row) => make(JSON.parse(row.packed) as unknown[]) as R)
      : (rows as R[]);
}
