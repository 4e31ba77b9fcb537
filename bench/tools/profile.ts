import fs from 'node:fs';
import path from 'node:path';
import { sizes } from '../generate/network';
import { ensurePostgresNetwork } from '../generate/postgres';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { runLoad } from '../load/run-load';
import { repoRoot, startChild, startFlags } from '../servers/spotter';
import { allScenarios, benchPort, benchServerEnv, option } from './harness';
import { printProfileSummary } from './profile-summary';

/**
 * Where one scenario's server CPU goes: the compiled server under `node --cpu-prof`, loaded as
 * `npm run bench` loads it (full network, 50 connections, 1,000 viewers), then its main thread's
 * samples summed by function and by package:
 *
 *   npx tsx bench/tools/profile.ts feed [--db sqlite|postgres] [--seconds 10] [--top 30] [--size full|small]
 *
 * The profile itself stays in bench/.cache/profiles/ for Chrome's DevTools (Performance > Load).
 */
const scenario = process.argv[2] ?? 'feed';
const kind = option('db', 'sqlite');
const seconds = Number(option('seconds', '10'));
const top = Number(option('top', '30'));
// `--size small`: the network of `npm run bench -- --quick`, as compare.ts takes it.
const sizeName = option('size', 'full');
const size = sizeName === 'small' ? sizes.small : sizes.full;

const postgresUrl =
  kind === 'postgres'
    ? await ensurePostgresNetwork(
        size,
        process.env.BENCH_DATABASE ?? (sizeName === 'small' ? 'spotter_bench_small' : 'spotter_bench'),
      )
    : '';
const sqliteFile = kind === 'sqlite' ? await ensureSqliteNetwork(size) : '';
const requests = (await allScenarios(size))[scenario];
if (!requests) throw new Error(`no scenario ${scenario}`);

const dataDir = path.join(cacheDir, 'run', 'profile');
const profileDir = path.join(cacheDir, 'profiles');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
fs.mkdirSync(profileDir, { recursive: true });
if (sqliteFile) fs.copyFileSync(sqliteFile, path.join(dataDir, 'spotter.db'));
const before = new Set(fs.readdirSync(profileDir));
const { handle } = await startChild(
  path.join(repoRoot, 'apps/server/dist/main.js'),
  ['start'],
  benchServerEnv(dataDir, postgresUrl),
  `http://127.0.0.1:${benchPort}/readyz`,
  [...startFlags(), '--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
try {
  const load = await runLoad({
    url: handle.url,
    pid: handle.pid,
    requests,
    connections: 50,
    seconds,
    warmupSeconds: 3,
  });
  console.log(
    `${kind} ${scenario}: ${Math.round(load.reqPerSec)} req/s, p99 ${load.p99Ms} ms, server CPU ${load.cpuMsPerRequest?.toFixed(3)} ms`,
  );
} finally {
  await handle.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The main thread's profile is the largest one the run wrote (the WAL checkpointer's thread writes its own).
const written = fs
  .readdirSync(profileDir)
  .filter((name) => !before.has(name))
  .map((name) => path.join(profileDir, name))
  .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
const file = written[0];
if (!file) throw new Error('the server wrote no profile');
printProfileSummary(file, top);
console.log(`\n${path.relative(repoRoot, file)}`);
