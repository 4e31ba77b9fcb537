import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { chunks } from './chunks';
import type { Db } from './database';
import { compiledShapes, runCompiled, slotNameOf } from './prepared';
import type { DatabaseSchema } from './schema';

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
  const compiledFor = compiledShapes((db: Db, args: Record<string, unknown>, count: string) =>
    build(
      db,
      Array.from(
        { length: Number(count) },
        (_, r) => Object.fromEntries(columns.map((c) => [c, args[`${r}.${c}`]])) as Row,
      ),
    ),
  );
  // Where each of a compiled statement's parameters comes from: a row's column, or a constant.
  const placesOf = new WeakMap<object, Place[]>();
  const places = (query: CompiledQuery<unknown>) => {
    let found = placesOf.get(query);
    if (!found) {
      found = query.parameters.map(placeOf);
      placesOf.set(query, found);
    }
    return found;
  };
  return async (db: Db, on: Kysely<DatabaseSchema>, rows: readonly Row[]) => {
    if (rows.length === 0) return;
    if (rows.length <= preparedRowsMax) {
      // The values go in by position: naming each (`3.weight_kg`) cost a workout's insert more than its SQL.
      const { query } = compiledFor(db, String(rows.length));
      const parameters = places(query).map((place) =>
        place.kind === 'cell' ? rows[place.row]?.[place.column] : place.value,
      );
      await runCompiled(on, query, parameters);
      return;
    }
    // 500 rows of up to 13 columns stay below either database's limit of bound parameters.
    for (const batch of chunks(rows, 500)) await on.executeQuery(build(db, batch).compile());
  };
}

type Place = { kind: 'cell'; row: number; column: string } | { kind: 'constant'; value: unknown };

function placeOf(parameter: unknown): Place {
  const name = slotNameOf(parameter);
  if (name === undefined) return { kind: 'constant', value: parameter };
  const dot = name.indexOf('.');
  return { kind: 'cell', row: Number(name.slice(0, dot)), column: name.slice(dot + 1) };
}
