import {
  AliasNode,
  ColumnNode,
  IdentifierNode,
  type OperationNode,
  type RawBuilder,
  ReferenceNode,
  SelectionNode,
  type SelectQueryNode,
  sql,
} from 'kysely';
import type { Db } from './database';
import { rowMaker } from './sqlite-statements';

/** A statement's select list as [name, expression] pairs, for `selectColumns` and `rowsUnpacker`. */
export type Columns = readonly (readonly [string, RawBuilder<unknown>])[];

/**
 * The columns as a select list. On SQLite they are packed into one JSON array per row (`packed`):
 * better-sqlite3 hands each value of a row to JavaScript through V8's API, where one string per row and
 * `JSON.parse` cost less (callgrind: docs/performance-log.md, "Rows as arrays or JSON", 2026-11-28;
 * decision 056). Only for columns whose values survive SQLite's JSON unchanged: integers, text and NULL
 * (it writes a float with 15 significant digits).
 * Rows read with it go through `rowsUnpacker`.
 */
export function selectColumns(db: Db, columns: Columns): RawBuilder<unknown> {
  if (db.kind === 'sqlite') return sql`${packedColumn(columns)} as packed`;
  return sql.join(columns.map(([name, value]) => sql`${value} as ${sql.ref(name)}`));
}

/** The columns' values as one JSON array, for a query builder's `.select(packedColumn(columns).as('packed'))`. */
export const packedColumn = (columns: Columns): RawBuilder<string> =>
  sql<string>`json_array(${sql.join(columns.map(([, value]) => value))})`;

/** Rows packed as one JSON array each (`packed`), as objects named by their columns' `names`. */
export function packedRowsReader<R>(names: readonly string[]): (rows: unknown[]) => R[] {
  const make = rowMaker([...names]);
  return (rows) => (rows as { packed: string }[]).map((row) => make(JSON.parse(row.packed) as unknown[]) as R);
}

/** The rows of a statement whose select list `selectColumns` wrote, as objects named by its columns' `names`. */
export function rowsUnpacker<R>(names: readonly string[]): (db: Db, rows: unknown[]) => R[] {
  const read = packedRowsReader<R>(names);
  return (db, rows) => (db.kind === 'sqlite' ? read(rows) : (rows as R[]));
}

/** The name SQLite gives a selection's column: its alias, else the column's own name. */
function selectionName(selection: SelectionNode): string | undefined {
  const value = selection.selection;
  if (AliasNode.is(value)) return IdentifierNode.is(value.alias) ? value.alias.name : undefined;
  if (ReferenceNode.is(value)) return ColumnNode.is(value.column) ? value.column.column.name : undefined;
  return undefined;
}

/**
 * A SELECT built with Kysely with its select list packed into one JSON array per row (`packed`),
 * and the names its columns had, in order: what `prepared(build, { packed: true })` runs on SQLite
 * (the same FROM, WHERE and ORDER BY, so the same plan). Undefined when a column has no name to be
 * given back (a `select *`) or two share one. Its values must be integers, text or NULL.
 */
export function packSelectList(node: SelectQueryNode): { node: SelectQueryNode; names: string[] } | undefined {
  const selections = node.selections ?? [];
  const names = selections.map(selectionName);
  if (names.length === 0 || new Set(names).size !== names.length) return undefined;
  if (names.some((name) => name === undefined)) return undefined;
  const values = selections.map(({ selection }) => (AliasNode.is(selection) ? selection.node : selection));
  const source = (value: OperationNode) => ({ toOperationNode: () => value });
  const packed = sql`json_array(${sql.join(values.map(source))})`.as('packed').toOperationNode();
  return {
    node: { ...node, selections: [SelectionNode.create(packed)] },
    names: names as string[],
  };
}
