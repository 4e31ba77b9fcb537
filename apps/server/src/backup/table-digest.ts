import crypto from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';

export interface TableDigest {
  rows: number;
  sha256: string;
}

/**
 * Row count and a hash of every row of every table (migrations' bookkeeping and the search index's
 * tables included), in a fixed order: two databases with equal digests hold the same data.
 */
export function tableDigests(sqlite: SqliteDatabase.Database): Record<string, TableDigest> {
  const tables = sqlite
    .prepare(
      `select name from sqlite_schema
       where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL TABLE%'
       order by name`,
    )
    .pluck()
    .all() as string[];
  const digests: Record<string, TableDigest> = {};
  for (const table of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    const columns = (sqlite.pragma(`table_info(${quoted})`) as unknown[]).length;
    // Ordered by every column: deterministic for tables with and without a rowid.
    const orderBy = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    const hash = crypto.createHash('sha256');
    let rows = 0;
    for (const row of sqlite.prepare(`select * from ${quoted} order by ${orderBy}`).raw().iterate()) {
      hash.update(JSON.stringify(row, (_key, value) => (Buffer.isBuffer(value) ? value.toString('base64') : value)));
      hash.update('\n');
      rows += 1;
    }
    digests[table] = { rows, sha256: hash.digest('hex') };
  }
  return digests;
}
