import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type OperationNodeSource,
  type RawBuilder,
  SelectQueryNode,
  type SqlBool,
  sql,
} from 'kysely';
import type { Db } from './database';
import { packedRowsReader, packSelectList } from './packed-rows';
import { perDatabase } from './per-database';
import type { DatabaseSchema } from './schema';

const slotName = Symbol('slot');
type Slot = { [slotName]: string };
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && slotName in value;

/** Stand-ins for a query's values: `args.viewer` is a slot named `viewer`, carried by Kysely as a parameter. */
const slots = new Proxy({}, { get: (_target, name) => ({ [slotName]: String(name) }) });

function argument(args: Record<string, unknown>, name: string) {
  if (!(name in args)) throw new Error(`prepared query: no value for ${name}`);
  return args[name];
}

/**
 * A list of `count` values as stand-ins (`listSlots(args, 'id', 3)` is args.id0, args.id1, args.id2)
 * for an `in` list, whose length is then part of the shape; `listArgs('id', ids)` gives their values
 * (and the whole list as `args.id`, which `oneOf` binds on PostgreSQL).
 */
const listSlots = (args: Record<string, unknown>, name: string, count: number): unknown[] =>
  Array.from({ length: count }, (_, k) => args[`${name}${k}`]);
export const listArgs = (name: string, values: readonly unknown[]): Record<string, unknown> => {
  const args: Record<string, unknown> = { [name]: [...values] };
  values.forEach((value, k) => {
    args[`${name}${k}`] = value;
  });
  return args;
};

/**
 * `column` is one of the list `name` of `count` values (given by `listArgs`). On SQLite an `in` list,
 * one text per length, each prepared once (db/database.ts). On PostgreSQL `column = any($n)` with
 * the list bound as one array: one text for every length, so it runs as a named statement, parsed
 * once per connection (decision 053). An `in` list there was parsed and planned on every run: a
 * like's card, one post by key, cost PostgreSQL far more to plan than to run (decision 053). A
 * single value is `column = $n`: PostgreSQL prices a generic `any` plan at ten keys, dearer than one
 * key's custom plan, and would plan it anew on every run; `= $n` it plans once.
 */
export const oneOf = (db: Db, column: string, args: Record<string, unknown>, name: string, count: number) => {
  if (db.kind === 'sqlite') return sql<SqlBool>`${sql.ref(column)} in (${sql.join(listSlots(args, name, count))})`;
  return count === 1
    ? sql<SqlBool>`${sql.ref(column)} = ${args[`${name}0`]}`
    : sql<SqlBool>`${sql.ref(column)} = any(${args[name]})`;
};

/**
 * A query Kysely builds and compiles once per database and shape, then runs with each call's values.
 * Kysely builds and compiles a query anew on every call, a large share of a conversation page's CPU
 * (decision 041; docs/performance-log.md, "Conversation pages after decision 041", 2026-11-24), though
 * the SQL text is the same each time. `build` gets stand-ins for the values (`args.viewer`), which
 * Kysely carries untouched into the compiled query's parameters; each run puts the call's values in
 * their places. `shape` names what changes the SQL's text (an anonymous viewer, a cursor, a list's
 * length): each shape is compiled once. A value that changes the text (an `in` list, `undefined` for an
 * anonymous viewer) must be part of the shape, not an arg, and `build` must not compute with a stand-in
 * (`args.limit + 1` is not a number: pass `rows`). Inside a transaction, pass it as `on`: on SQLite's
 * one connection a query sent to `db.kysely` would wait for the transaction that waits for it.
 *
 * This is the first of the three layers that keep a statement's work from being done twice; the other
 * two are below Kysely and keyed by the SQL text this one produces: on SQLite each text is prepared once
 * per connection (db/database.ts), on PostgreSQL reusable texts run as named statements, parsed and
 * planned once per connection (db/postgres-named-statements.ts, decision 043).
 */
export function prepared<A extends Record<string, unknown>, R, S extends string = string>(
  build: (db: Db, args: A, shape: S) => Compilable<R> | RawBuilder<R>,
  options: PreparedOptions = {},
) {
  const compiledFor = compiledShapes(build, options);
  return async (db: Db, shape: S, args: A, on: Kysely<DatabaseSchema> = db.kysely): Promise<R[]> => {
    const { query, unpack } = compiledFor(db, shape);
    const parameters = query.parameters.map((value) => (isSlot(value) ? argument(args, value[slotName]) : value));
    return runCompiled(on, query, parameters, unpack);
  };
}

/**
 * `build`'s query compiled once per database and shape, its values still stand-ins (`slotNameOf`
 * names them): `prepared` puts each call's values in by name; a caller with many values a run
 * (prepared-rows.ts) puts them in by position.
 */
export function compiledShapes<A extends Record<string, unknown>, R, S extends string = string>(
  build: (db: Db, args: A, shape: S) => Compilable<R> | RawBuilder<R>,
  options: PreparedOptions = {},
): (db: Db, shape: S) => Compiled<R> {
  const compiled = perDatabase(() => new Map<S, Compiled<R>>());
  return (db, shape) => {
    const shapes = compiled(db);
    let entry = shapes.get(shape);
    if (!entry) {
      entry = compile(db, build(db, slots as A, shape), options);
      shapes.set(shape, entry);
    }
    return entry;
  };
}

/** The name of the stand-in a compiled query carries as a parameter (`args.viewer`: 'viewer'); undefined for a constant. */
export const slotNameOf = (parameter: unknown): string | undefined =>
  isSlot(parameter) ? parameter[slotName] : undefined;

/** Runs a compiled query with this run's parameters. */
export async function runCompiled<R>(
  on: Kysely<DatabaseSchema>,
  query: CompiledQuery<R>,
  parameters: readonly unknown[],
  unpack?: (rows: unknown[]) => R[],
): Promise<R[]> {
  // A query id per run, as Kysely gives each query it compiles: plugins key their state by it.
  const rows = (await on.executeQuery<R>({ ...query, parameters, queryId: createQueryId() })).rows;
  return unpack ? unpack(rows) : rows;
}

export interface PreparedOptions {
  /**
   * On SQLite, each row comes as one JSON array, named again here (db/packed-rows.ts): for the
   * page statements of post cards, whose 21 rows of 8 values better-sqlite3 would hand over one value
   * at a time. The query must be a SELECT built with Kysely whose values are integers, text or NULL.
   */
  packed?: boolean;
}

export type Compiled<R> = { query: CompiledQuery<R>; unpack?: (rows: unknown[]) => R[] };

function compile<R>(db: Db, built: Compilable<R> | RawBuilder<R>, options: PreparedOptions): Compiled<R> {
  if ('isRawBuilder' in built) return { query: built.compile(db.kysely) };
  if (!options.packed || db.kind !== 'sqlite') return { query: built.compile() };
  const executor = db.kysely.getExecutor();
  const queryId = createQueryId();
  const source = (built as Compilable<R> & OperationNodeSource).toOperationNode();
  const packing = SelectQueryNode.is(source) ? packSelectList(executor.transformQuery(source, queryId)) : undefined;
  if (!packing) throw new Error('prepared: a packed query is a SELECT whose columns all have names of their own');
  return { query: executor.compileQuery<R>(packing.node, queryId), unpack: packedRowsReader<R>(packing.names) };
}
