import type { ColumnType } from 'kysely';

/**
 * PostgreSQL stores `timestamptz` and returns a Date; SQLite stores the ISO text we write. We always
 * write `toISOString()` strings, whose fixed width keeps text order equal to time order in SQLite.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
