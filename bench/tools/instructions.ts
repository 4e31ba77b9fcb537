import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sizes } from '../generate/network';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import type { LoadRequest } from '../load/run-load';
import { repoRoot, startFlags } from '../servers/spotter';
import { allScenarios, benchPort, benchServerEnv, option } from './harness';

/**
 * Instructions per request, counted by valgrind's callgrind: the same count for the same build, data
 * and requests, where CPU time on a shared host moves between runs. With other heavy work on the
 * machine (a network being built) one build's count moved too (V8 compiles on helper threads, and the
 * main thread runs slower code until they finish; docs/performance-log.md, "Rows as arrays or JSON",
 * 2026-11-28, says why instructions): count on a quiet machine,
 * with `--requests 400` for a floor call. For judging a change of a few percent:
 *
 *   npx tsx bench/tools/instructions.ts feed [--build apps/server/dist] [--requests 200] [--top 25] [--path /api/...] [--repeat]
 *     [--size full|small]
 *
 * The compiled server runs under callgrind on a copy of the full SQLite network; the scenario's
 * requests are sent one at a time, the first 2 x `requests` with counting off (JIT, caches), the next
 * `requests` counted: as in the bench's measured run after its warm-up, the counted requests are not
 * the warm-up's again, so the card cache misses what it would. Printed: instructions per request, and the functions that take the most
 * of them (inclusive). About 50 times slower than the server runs natively. `--path` sends the
 * scenario's requests (its viewers' tokens) to another GET path, such as a signed-in floor:
 * `--path /api/notifications/unread-count`. `--repeat`: the counted requests are the warm-up's first
 * ones again, so their cards are cached, as they are in the bench's home feed (1,000 viewers, each
 * read again within a second) and explore (one page for everyone); without it, as in the profile
 * scenario (a random person's page of 10,000), most are not.
 */
const scenario = process.argv[2] ?? 'feed';
const build = option('build', 'apps/server/dist');
const count = Number(option('requests', '200'));
const top = Number(option('top', '25'));
const otherPath = option('path', '');
const repeat = process.argv.includes('--repeat');
// `--size small`: the network of `npm run bench -- --quick`, as compare.ts takes it.
const size = option('size', 'full') === 'small' ? sizes.small : sizes.full;

const sqliteFile = await ensureSqliteNetwork(size);
const list = (await allScenarios(size))[scenario];
if (!list) throw new Error(`no scenario ${scenario}`);
// The requests as autocannon would send them on one connection: each made by its setupRequest.
const context: Record<string, unknown> = {};
type Made = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
const made: Made[] = Array.from({ length: repeat ? count : 3 * count }, (_, i) => {
  const request = list[i % list.length] as LoadRequest & {
    setupRequest?: (r: Made, c: unknown) => Made;
  };
  const one = request.setupRequest ? request.setupRequest({ ...(request as Made) }, context) : (request as Made);
  return otherPath ? { ...one, method: 'GET', path: otherPath, body: undefined } : one;
});
// With --repeat, the very requests made first (same paths, same viewers) are sent again: a scenario
// whose setupRequest draws its path at random would otherwise draw new ones.
const requests: Made[] = Array.from({ length: 3 * count }, (_, i) => made[i % made.length] as Made);

const dataDir = path.join(cacheDir, 'run', 'instructions');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
fs.copyFileSync(sqliteFile, path.join(dataDir, 'spotter.db'));
const outFile = path.join(dataDir, 'callgrind.out');
const child = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    '--instr-atstart=no',
    // The main thread apart from V8's compiler and GC helpers, whose share moves from run to run.
    '--separate-threads=yes',
    `--callgrind-out-file=${outFile}`,
    process.execPath,
    ...startFlags(),
    path.resolve(repoRoot, build, 'main.js'),
    'start',
  ],
  {
    cwd: repoRoot,
    env: { ...process.env, ...benchServerEnv(dataDir) },
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
let errors = '';
child.stderr?.on('data', (chunk: Buffer) => {
  errors = (errors + chunk.toString()).slice(-4000);
});
const base = `http://127.0.0.1:${benchPort}`;

async function until(ready: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${errors}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer in time:\n${errors}`);
}

async function send(part: Made[]) {
  for (const request of part) {
    const res = await fetch(base + (request.path ?? '/'), {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${request.method} ${request.path}: ${res.status}`);
  }
}

/** The dumps callgrind wrote (callgrind_control -d writes <out>.<n>), newest first. */
function dumpsOf() {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith('callgrind.out') && fs.statSync(path.join(dataDir, name)).size > 0)
    .map((name) => path.join(dataDir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}

// valgrind names its control pipes after the HOST variable, which the server's own HOST sets.
const control = (...args: string[]) =>
  execFileSync('callgrind_control', [...args, String(child.pid)], { env: { ...process.env, HOST: '127.0.0.1' } });
try {
  await until(async () => (await fetch(`${base}/readyz`)).ok, 300_000);
  await send(requests.slice(0, 2 * count));
  control('-i', 'on');
  await send(requests.slice(2 * count));
  control('-i', 'off');
  control('-d');
  // The dump is written when the server next runs: wait for a file of the counted part to be complete.
  await until(
    async () => dumpsOf().some((file) => /-01$/.test(file) && fs.readFileSync(file, 'utf8').includes('\ntotals:')),
    120_000,
  );
} finally {
  child.kill('SIGKILL');
}

// With --separate-threads, each thread's dump ends in -<thread>: -01 is the main thread.
const threadDumps = dumpsOf();
const dump = threadDumps.find((file) => file.endsWith('-01'));
if (!dump) throw new Error('callgrind wrote no dump of the main thread');
const totalOf = (file: string) => Number(/^totals: (\d+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0);
const allThreads = threadDumps.filter((file) => /\.\d+-\d+$/.test(file)).reduce((sum, file) => sum + totalOf(file), 0);
const annotated = execFileSync('callgrind_annotate', ['--inclusive=yes', `--threshold=100`, dump], {
  maxBuffer: 256 * 1024 * 1024,
}).toString();
const totalMatch = /^([\d,]+) \(100\.0+%\)\s+PROGRAM TOTALS/m.exec(annotated);
const total = Number((totalMatch?.[1] ?? '0').replaceAll(',', ''));
console.log(
  `${scenario}${otherPath ? ` (${otherPath})` : ''} on ${build}: ${Math.round(total / count).toLocaleString('en')} instructions per request on the main thread, ` +
    `${Math.round(allThreads / count).toLocaleString('en')} in all threads (${count} requests)`,
);
const lines = annotated
  .split('\n')
  .filter((line) => /^\s*[\d,]+ \(\s*[\d.]+%\)\s+\S/.test(line) && !line.includes('PROGRAM TOTALS'))
  // V8's interpreter and call builtins (counted once per level of recursion) and JIT code, which has no
  // name here: profile.ts names JavaScript's share.
  .filter((line) => !/\?\?\?:(Builtins_|0x)/.test(line))
  .slice(0, top);
for (const line of lines) {
  const [, instructions, share, name] = /^\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*)$/.exec(line) ?? [];
  const perRequest = Math.round(Number((instructions ?? '0').replaceAll(',', '')) / count);
  console.log(`${perRequest.toLocaleString('en').padStart(10)}  ${share?.padStart(5)} %  ${name?.slice(0, 110)}`);
}
fs.rmSync(path.join(dataDir, 'spotter.db'), { force: true });
