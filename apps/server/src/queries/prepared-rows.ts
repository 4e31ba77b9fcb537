import type { Compilable, Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { chunks } from './chunks';
import { prepared } from './prepared';

/**
 * Up to this many rows, a many-row insert is compiled once per row count (a workout's exercises,
 * sets and records, usually a few to a few dozen); beyond, it is built each time, 500 rows a
 * statement (an import), so that the compiled shapes a table keeps stay few.
 */
const preparedRowsMax = 64;

/**
 * A many-row statement (an insert, an upsert) compiled once per row count by `prepared`: `build`
 * gets stand-ins for the rows' values the first time, the rows themselves beyond `preparedRowsMax`.
 * Every row must carry every one of `columns` (null, not undefined, for none).
 */
export function preparedRows<Row extends Record<string, unknown>>(
  columns: readonly (keyof Row & string)[],
  build: (db: Db, rows: Row[]) => Compilable<unknown>,
) {
  const query = prepared((db: Db, args: Record<string, unknown>, count: string) =>
    build(
      db,
      Array.from(
        { length: Number(count) },
        (_, r) => Object.fromEntries(columns.map((c) => [c, args[`${r}.${c}`]])) as Row,
      ),
    ),
  );
  return async (db: Db, on: Kysely<DatabaseSchema>, rows: readonly Row[]) => {
    if (rows.length === 0) return;
    if (rows.length <= preparedRowsMax) {
      const args: Record<string, unknown> = {};
      rows.forEach((row, r) => {
        for (const c of columns) args[`${r}.${c}`] = row[c];
      });
      await query(db, String(rows.length), args, on);
      return;
    }
    // 500 rows of up to 13 columns stay below either database's limit of bound parameters.
    for (const batch of chunks(rows, 500)) await on.executeQuery(build(db, batch).compile());
  };
}
