import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';

const tick = 10; // ms: USER_HZ is 100 on Linux

/** The fields of /proc/<pid>/stat after the command's name, or undefined when the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined; // not on this machine, or gone
  }
}

/**
 * The CPU (ms) PostgreSQL's backends serving this database have used so far, from /proc: sampled
 * before and after a round, it is the database's share of a call, which the server's own CPU leaves
 * out. 0 on SQLite.
 *
 * The live backends' time alone is not a counter: a backend that ends between two samples (a pool's
 * idle connection closed, the last server's connections going) takes its time with it, and a round
 * measured less than nothing (−0.18 ms a call). Ended backends are counted through the postmaster,
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
    const fields = statFields(pid);
    if (!fields) continue;
    ms += (Number(fields[11]) + Number(fields[12])) * tick;
    if (own) postmaster = Number(fields[1]);
  }
  const ended = postmaster === undefined ? undefined : statFields(postmaster);
  if (ended) ms += (Number(ended[13]) + Number(ended[14])) * tick;
  return ms;
}
