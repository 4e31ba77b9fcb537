import type { ColumnType } from 'kysely';

/**
 * Both engines give a timestamp as the ISO 8601 text we write (`toISOString()`, UTC, milliseconds):
 * SQLite stores that text, whose fixed width keeps text order equal to time order; PostgreSQL stores
 * a `timestamptz`, read back as the same text without a Date (db/time.ts, `isoOfPostgresTimestamp`).
 */
export type Timestamp = ColumnType<string, string, string>;
