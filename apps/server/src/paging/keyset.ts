import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * "Comes after the cursor's row" in a list ordered by `columns`, all descending (newest first) or all
 * ascending, as one row-value comparison, `(a, b) < ($1, $2)`: both databases read it as a range of
 * the index of that order (docs/decisions/003-keyset-cursors.md). `cursor` holds the last row's
 * values of the same columns, in the same order; they may be a prepared query's stand-ins.
 */
export function comesAfter(
  order: 'descending' | 'ascending',
  columns: readonly string[],
  cursor: readonly unknown[],
): RawBuilder<SqlBool> {
  const comparison = order === 'descending' ? sql`<` : sql`>`;
  return sql<SqlBool>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${comparison} (${sql.join(cursor)})`;
}
