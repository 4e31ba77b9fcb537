import type { Keyset } from './cursor';
import type { PageRequest } from './page-request';

/**
 * What of a page changes a prepared page query's SQL: whether it continues a cursor, and how many
 * rows it reads (`after:21`). The row count is written into the SQL, not bound: SQLite prepares a
 * statement again on every run when its LIMIT is a bound value, which cost a page's statement a large
 * part of its CPU (decision 045 has the measurement). At most 2 x 101 shapes, one or two in common use.
 */
export type Continues = `${'first' | 'after'}:${number}`;
export const continues = (page: PageRequest): Continues => `${page.after ? 'after' : 'first'}:${page.limit + 1}`;
/** The rows a page shape reads. */
export const rowsOf = (shape: Continues) => Number(shape.slice(shape.indexOf(':') + 1));
/** What a prepared page query takes of the page as values: the cursor's keys. */
export const pageArgs = (page: PageRequest) => ({
  l: page.after?.l ?? 0,
  t: page.after?.t ?? '',
  i: page.after?.i ?? '',
});
export type PageArgs = ReturnType<typeof pageArgs>;
/** The cursor of a prepared page query, as stand-ins, in the shape that continues one. */
export const afterOf = (args: PageArgs, shape: Continues): Keyset | undefined =>
  shape.startsWith('after') ? { l: args.l, t: args.t, i: args.i } : undefined;
