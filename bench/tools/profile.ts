import fs from 'node:fs';
import path from 'node:path';
import { sizes } from '../generate/network';
import { ensurePostgresNetwork } from '../generate/postgres';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { runLoad } from '../load/run-load';
import { repoRoot, startChild, startFlags } from '../servers/spotter';
import { allScenarios, benchPort, benchServerEnv, option } from './harness';

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

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// The main thread's profile is the largest one the run wrote (the WAL checkpointer's thread writes its own).
const written = fs
  .readdirSync(profileDir)
  .filter((name) => !before.has(name))
  .map((name) => path.join(profileDir, name))
  .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
const file = written[0];
if (!file) throw new Error('the server wrote no profile');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const where = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.includes('/apps/server/')) return `server:${url.slice(url.indexOf('/apps/server/') + 13)}`;
  if (url.startsWith('node:')) return 'node';
  return url === '' ? '(native)' : url;
};
const functions = new Map<string, number>();
const packages = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
  const pkg = url ? where(url).replace(/:.*$/, '') : functionName;
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  total += us;
}
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
};
// Inclusive: the samples with the function anywhere on their stack (counted once per sample).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (!frame?.url) continue;
    const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
print('Self time by function (whole run, warm-up included):', functions);
print('Total time by function (itself and what it calls):', inclusive);
print('Self time by package or native frame:', packages);
console.log(`\n${path.relative(repoRoot, file)}`);
