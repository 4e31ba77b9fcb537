import { openDatabase } from '../../apps/server/src/db/database';
import { authorPage, explorePage } from '../../apps/server/src/modules/posts/queries/feeds';
import { homePage, slowHomePage } from '../../apps/server/src/modules/posts/queries/home-feed';
import { postgresBackendsCpuMs } from '../load/postgres-cpu';

/**
 * The CPU of the queries behind one page, in process, without HTTP, on a generated network's SQLite
 * file or PostgreSQL database: `npx tsx bench/probes/page-cost.ts bench/.cache/sqlite-full-....db` (or a
 * `postgres://` URL, which adds the CPU of the database's backends per page). 1,000 viewers (never one),
 * each page read once to warm the cache, then three rounds; medians of the rounds. Steadier than the
 * load test on a shared machine (no sockets, no autocannon beside it), for comparing two versions of
 * the queries on the same file (the database is only read).
 */
const target = process.argv[2];
if (!target) throw new Error('usage: npx tsx bench/probes/page-cost.ts <sqlite file | postgres:// url>');
const onPostgres = target.startsWith('postgres');
const db = openDatabase(onPostgres ? { kind: 'postgres', url: target } : { kind: 'sqlite', file: target });
const viewers = (await db.kysely
  .selectFrom('users')
  .select('id')
  .orderBy('username_key')
  .limit(1000)
  .offset(100)
  .execute()) as { id: never }[];

const page = { limit: 20, after: undefined };
const pages = {
  'home feed (newest)': (i: number) => homePage(db, viewers[i]?.id as never, 'newest', page),
  'home feed (newest, the slow way: no timeline)': (i: number) =>
    slowHomePage(db, viewers[i]?.id as never, 'newest', page),
  'home feed (trending)': (i: number) => homePage(db, viewers[i]?.id as never, 'trending', page),
  explore: (i: number) => explorePage(db, viewers[i]?.id, 'newest', page),
  profile: (i: number) => authorPage(db, viewers[i]?.id, viewers[(i + 1) % viewers.length]?.id as never, page),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const [name, read] of Object.entries(pages)) {
  for (let i = 0; i < viewers.length; i++) await read(i);
  const rounds: number[] = [];
  const databaseRounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const databaseStart = await postgresBackendsCpuMs(db);
    const start = process.cpuUsage();
    for (let i = 0; i < viewers.length; i++) await read(i);
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / viewers.length);
    databaseRounds.push(((await postgresBackendsCpuMs(db)) - databaseStart) / viewers.length);
  }
  const ms = (values: number[]) => values.map((r) => r.toFixed(3)).join(', ');
  console.log(
    `${name}: ${median(rounds).toFixed(3)} ms of CPU per page (rounds ${ms(rounds)})` +
      (onPostgres ? `; PostgreSQL ${median(databaseRounds).toFixed(3)} ms (rounds ${ms(databaseRounds)})` : ''),
  );
}
await db.close();
