import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { cpuMsOf, procStatFields } from './proc-stat';

/**
 * The CPU (ms) PostgreSQL's backends serving this database have used so far, from /proc: sampled
 * before and after a round, it is the database's share of a call, which the server's own CPU leaves
 * out. 0 on SQLite.
 *
 * The live backends' time alone is not a counter: a backend that ends between two samples (a pool's
 * idle connection closed, the last server's connections going) takes its time with it, and a round
 * could measure less than nothing (docs/performance-log.md, "PostgreSQL's backend time counted whole",
 * 2026-12-01). Ended backends are counted through the postmaster,
 * which waits for each: its children's time (cutime, cstime) holds theirs. That also counts
 * autovacuum's workers and other databases' ended backends, which on the bench's machine are the
 * bench's own.
 */
export async function postgresBackendsCpuMs(db: Db): Promise<number> {
  if (db.kind !== 'postgres') return 0;
  const { rows } = await sql<{
    pid: number;
    own: boolean;
  }>`select pid, pid = pg_backend_pid() as own from pg_stat_activity where datname = current_database()`.execute(
    db.kysely,
  );
  let ms = 0;
  let postmaster: number | undefined;
  for (const { pid, own } of rows) {
    const fields = procStatFields(pid);
    if (!fields) continue;
    ms += cpuMsOf(fields);
    if (own) postmaster = Number(fields[1]);
  }
  const ended = postmaster === undefined ? undefined : procStatFields(postmaster);
  if (ended) ms += cpuMsOf(ended, 'children');
  return ms;
}
