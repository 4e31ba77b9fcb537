import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Row count and a hash of every row of every table of the public schema, read by one client (inside
 * its transaction, if it has one open): two databases with equal digests hold the same data.
 */
export async function pgTableDigests(client: pg.ClientBase): Promise<Record<string, { rows: number; sha256: string }>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digests: Record<string, { rows: number; sha256: string }> = {};
  for (const { name } of tables) {
    const { rows: columns } = await client.query(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1`,
      [name],
    );
    // Ordered by every column: a fixed order whatever the table's keys.
    const orderBy = columns.map((_, i) => i + 1).join(', ');
    const { rows } = await client.query({ text: `select * from "${name}" order by ${orderBy}`, rowMode: 'array' });
    const hash = crypto.createHash('sha256');
    for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
    digests[name] = { rows: rows.length, sha256: hash.digest('hex') };
  }
  return digests;
}
