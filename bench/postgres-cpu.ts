import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';

/**
 * The CPU (ms) PostgreSQL's backends serving this database have used so far, from /proc: sampled
 * before and after a round, it is the database's share of a call, which the server's own CPU leaves
 * out. 0 on SQLite.
 */
export async function postgresBackendsCpuMs(db: Db): Promise<number> {
  if (db.kind !== 'postgres') return 0;
  const { rows } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
  const tick = 10; // ms: USER_HZ is 100 on Linux
  return rows.reduce((sum, { pid }) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return sum + (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return sum; // not on this machine, or gone
    }
  }, 0);
}
