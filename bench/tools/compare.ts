import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database';
import { sizes } from '../generate/network';
import { ensurePostgresNetwork } from '../generate/postgres';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { postgresBackendsCpuMs } from '../load/postgres-cpu';
import { runLoad } from '../load/run-load';
import { repoRoot, startChild, startFlags } from '../servers/spotter';
import { allScenarios, benchPort, benchServerEnv, option } from './harness';

/**
 * Two builds of the server, measured alternately on the full network:
 *
 *   npx tsx bench/tools/compare.ts <build dir> <build dir> --db sqlite|postgres --scenarios notifications,feed
 *     [--rounds 3] [--seconds 8] [--size full|small] [--network bench/.cache/sqlite-full-<key>.db]
 *
 * A build dir holds a compiled server (`apps/server/dist`, or a copy of it made before a change:
 * `cp -r apps/server/dist apps/server/dist-old`). Each round starts each build in turn, with
 * `npm run bench`'s settings, on a fresh copy of the SQLite network (on PostgreSQL, the one database:
 * like + unlike takes back what it gives, the other writing scenarios add rows run after run). A
 * build whose migrations are newer upgrades the copy as it starts. Printed per run, then the medians
 * per build: runs alternated on one host are what a change can be judged by, where two full runs
 * apart are not (docs/performance.md, "Reading the numbers").
 */
const [buildA, buildB] = process.argv.slice(2, 4);
const kind = option('db', 'sqlite');
const wanted = option('scenarios', 'feed').split(',');
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '8'));
// `--size small`: the network of `npm run bench -- --quick`, built in a minute where the full one takes long.
const sizeName = option('size', 'full');
const size = sizeName === 'small' ? sizes.small : sizes.full;
if (!buildA || !buildB || (kind !== 'sqlite' && kind !== 'postgres')) {
  throw new Error('usage: npx tsx bench/tools/compare.ts <build dir> <build dir> --db sqlite|postgres --scenarios a,b');
}

const postgresUrl =
  kind === 'postgres'
    ? await ensurePostgresNetwork(
        size,
        process.env.BENCH_DATABASE ?? (sizeName === 'small' ? 'spotter_bench_small' : 'spotter_bench'),
      )
    : '';
// `--network <file>`: a SQLite network built earlier, such as the one cached before a new migration
// (build B, being newer, upgrades its copy as it starts), instead of building the current one.
const networkFile = option('network', '');
const sqliteFile = kind === 'sqlite' ? networkFile || (await ensureSqliteNetwork(size)) : '';
// The writing scenarios remember what they did (a like is taken back the next time its pair comes up,
// a follow undone): on SQLite, where each run starts from a fresh copy, each run starts them afresh
// too, or an unfollow of what an earlier copy followed is refused (400). PostgreSQL keeps the one database.
const sharedScenarios = await allScenarios(size);
for (const name of wanted)
  if (!sharedScenarios[name]) throw new Error(`no scenario ${name}: ${Object.keys(sharedScenarios)}`);

type Run = {
  build: string;
  scenario: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  cpuMs: number;
  databaseCpuMs: number;
};
const runs: Run[] = [];
const database = kind === 'postgres' ? openDatabase({ kind: 'postgres', url: postgresUrl }) : undefined;

async function measure(label: string, build: string) {
  const dataDir = path.join(cacheDir, 'run', 'compare');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (sqliteFile) fs.copyFileSync(sqliteFile, path.join(dataDir, 'spotter.db'));
  const main = path.resolve(repoRoot, build, 'main.js');
  const { handle, output } = await startChild(
    main,
    ['start'],
    benchServerEnv(dataDir, postgresUrl),
    `http://127.0.0.1:${benchPort}/readyz`,
    startFlags(),
  );
  const scenarios = sqliteFile ? await allScenarios(size) : sharedScenarios;
  try {
    for (const scenario of wanted) {
      const before = database ? await postgresBackendsCpuMs(database) : 0;
      const load = await runLoad({
        url: handle.url,
        pid: handle.pid,
        requests: scenarios[scenario] ?? [],
        connections: 50,
        seconds,
        warmupSeconds: 3,
      });
      const databaseCpuMs = database ? ((await postgresBackendsCpuMs(database)) - before) / load.requests : 0;
      const run = {
        build: label,
        scenario,
        reqPerSec: load.reqPerSec,
        p50Ms: load.p50ExactMs,
        p99Ms: load.p99Ms,
        cpuMs: load.cpuMsPerRequest ?? 0,
        databaseCpuMs,
      };
      runs.push(run);
      const failures = load.failures > 0 ? `, ${load.failures} failures (${load.failureKinds})` : '';
      const backends = database ? `, its backends ${databaseCpuMs.toFixed(3)} ms` : '';
      console.log(
        `${label} (${build}) ${kind} ${scenario}: ${Math.round(run.reqPerSec)} req/s, p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms} ms, server CPU ${run.cpuMs.toFixed(3)} ms${backends}${failures}`,
      );
      // A failure is a bug or a scenario that measured something else: the server's own account of it.
      if (load.failures > 0) console.log(output().split('\n').slice(-20).join('\n'));
    }
  } finally {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const builds = [
  ['A', buildA],
  ['B', buildB],
] as const;
for (let round = 0; round < rounds; round++) for (const [label, build] of builds) await measure(label, build);
await database?.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`\nMedians of ${rounds} alternated rounds, ${seconds} s each after 3 s of warm-up:`);
for (const scenario of wanted) {
  for (const [label, build] of builds) {
    const mine = runs.filter((run) => run.build === label && run.scenario === scenario);
    const backends = database ? `, its backends ${median(mine.map((run) => run.databaseCpuMs)).toFixed(3)} ms` : '';
    console.log(
      `  ${scenario}, ${label} (${build}): server CPU ${median(mine.map((run) => run.cpuMs)).toFixed(3)} ms${backends}, ${Math.round(median(mine.map((run) => run.reqPerSec)))} req/s, p50 ${median(mine.map((run) => run.p50Ms)).toFixed(1)} ms, p99 ${median(mine.map((run) => run.p99Ms))} ms`,
    );
  }
}
