/**
 * `npm run soak:hostile`: issue 17's two availability figures, on a real server process (SQLite,
 * rate limits off), for this checkout or an older one (`--root <dir>`, a tree made by
 * `git archive`, see docs/reliability.md "Hostile load"):
 * - uploads: login latency (p50, p99) while 8 clients upload the worst-case image at once, and the
 *   server's peak RSS; `--image accepted` (default) is an 8-bit RGBA PNG of 6000 x 6000 that every
 *   version processes, `--image bomb` the 16-bit RGBA PNG of 10900 x 10900 of the finding.
 * - reads: peak RSS while 20 clients read the unpaged `GET /api/posts` at once on a network of
 *   `--posts` posts of 10,000 characters, and the latency of a `?limit=5` read meanwhile.
 *   `--network <file>` reads a generated SQLite network instead (bench/.cache/sqlite-full-*.db, the
 *   1M-post one: a copy is served, nothing is posted), and `--unpaged-max <n>` sets UNPAGED_LIST_MAX
 *   (the bound lifted: 100000, the most the configuration takes, stands for the code before it).
 * - imports (issue 45, finding 3): login latency (p50, p99) while one account sends three 10 MB Strong
 *   CSV files (150,000 rows each, the same file) at once, then while it sends the file once more
 *   (a re-import that stores nothing) with a read of its workouts alongside; the server's RSS before,
 *   at its peak and after.
 * - streams (issue 45): one account tries `--streams` (50) notification streams at once; how many are
 *   accepted (STREAM_MAX_PER_USER, 5 by default, on this checkout), what the rest answered, and the
 *   server's RSS before and while it holds them.
 * Options: --scenario uploads|reads|imports|streams, --root, --port (default 3401), --posts (3000), --network,
 * --unpaged-max, --streams (50).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'uploads' },
    root: { type: 'string', default: path.resolve(import.meta.dirname, '../..') },
    port: { type: 'string', default: '3401' },
    posts: { type: 'string', default: '3000' },
    image: { type: 'string', default: 'accepted' },
    network: { type: 'string' },
    'unpaged-max': { type: 'string' },
    streams: { type: 'string', default: '50' },
  },
});
const root = path.resolve(args.root);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const cacheDir = path.resolve(import.meta.dirname, '../.cache');

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-hostile-'));
  if (args.network) fs.copyFileSync(args.network, path.join(dataDir, 'spotter.db'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'start'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      SEED: args.network ? 'false' : 'true',
      ...(args['unpaged-max'] ? { UNPAGED_LIST_MAX: args['unpaged-max'] } : {}),
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, dataDir };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stopServer(server: { child: ChildProcess; dataDir: string }) {
  server.child.kill('SIGTERM');
  await once(server.child, 'close');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

async function json(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    // Without it, each new post answers the whole list: the set-up would measure that.
    headers: {
      prefer: 'return=minimal',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function account(name: string): Promise<string> {
  const password = 'hostile-load-password';
  const res = await json('POST', '/api/auth/signup', { firstname: 'H', lastname: 'L', username: name, password });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.encodedToken);
}

/** The worst-case file, made once into bench/.cache. */
async function worstImage(): Promise<Buffer> {
  const bomb = args.image === 'bomb';
  const file = path.join(cacheDir, bomb ? 'rgba16-10900.png' : 'rgba8-6000.png');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const side = bomb ? 10_900 : 6_000;
    const image = sharp({ create: { width: side, height: side, channels: 4, background: '#36c8' } }).png();
    await (bomb ? image.toColourspace('rgb16') : image).toFile(file);
  }
  return fs.readFileSync(file);
}

async function uploads() {
  const image = await worstImage();
  const server = await startServer();
  try {
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => account(`uploader${i}`)));
    let peakKb = rssKb(server.child.pid ?? 0);
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(server.child.pid ?? 0));
    }, 100);
    const statuses: number[] = [];
    const started = Date.now();
    const uploading = Promise.all(
      tokens.map(async (token) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'worst.png');
        const res = await fetch(`${base}/api/media`, { method: 'POST', headers: { authorization: token }, body: form });
        statuses.push(res.status);
        await res.arrayBuffer();
      }),
    );
    let done = false;
    uploading.finally(() => {
      done = true;
    });
    const logins: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (!done) {
      const t0 = performance.now();
      const res = await json('POST', '/api/auth/login', { username: 'guest', password: 'spotme-guest-2026' });
      if (res.status !== 200) throw new Error(`login: ${res.status}`);
      logins.push(performance.now() - t0);
    }
    await uploading;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        scenario: 'uploads',
        image: args.image,
        root,
        uploadsSeconds: (Date.now() - started) / 1000,
        uploadStatuses: statuses.sort(),
        logins: logins.length,
        loginP50ms: Math.round(percentile(logins, 50)),
        loginP99ms: Math.round(percentile(logins, 99)),
        loginMaxMs: Math.round(Math.max(...logins)),
        peakRssMb: Math.round(peakKb / 1024),
      }),
    );
  } finally {
    await stopServer(server);
  }
}

async function reads() {
  const server = await startServer();
  try {
    const token = args.network ? '' : await account('bigposter');
    const content = 'x'.repeat(9_990);
    const total = args.network ? 0 : Number(args.posts);
    for (let i = 0; i < total; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, total - i) }, (_, j) =>
          json('POST', '/api/posts', { postData: { content: `${i + j} ${content}` } }, token).then((res) => {
            if (res.status !== 201) throw new Error(`post: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }),
        ),
      );
    }
    const idleKb = rssKb(server.child.pid ?? 0);
    let peakKb = idleKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(server.child.pid ?? 0));
    }, 50);
    const bytes: number[] = [];
    const statuses: (number | string)[] = [];
    const started = Date.now();
    const reading = Promise.all(
      Array.from({ length: 20 }, async () => {
        try {
          const res = await fetch(`${base}/api/posts`);
          bytes.push((await res.arrayBuffer()).byteLength);
          statuses.push(res.status);
        } catch (error) {
          statuses.push(
            error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'error',
          );
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const t0 = performance.now();
    let pagedStatus: number | string = 'no answer';
    try {
      const paged = await fetch(`${base}/api/posts?limit=5`);
      await paged.arrayBuffer();
      pagedStatus = paged.status;
    } catch (error) {
      pagedStatus = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'error';
    }
    const pagedMs = performance.now() - t0;
    await reading;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        scenario: 'reads',
        root,
        posts: args.network ? path.basename(args.network) : total,
        unpagedListMax: args['unpaged-max'] ?? 'default',
        readsSeconds: (Date.now() - started) / 1000,
        answerMb: Math.round(Math.max(0, ...bytes) / 1e5) / 10,
        statuses: statuses.sort(),
        idleRssMb: Math.round(idleKb / 1024),
        peakRssMb: Math.round(peakKb / 1024),
        pagedReadMs: Math.round(pagedMs),
        pagedStatus,
      }),
    );
  } finally {
    await stopServer(server);
  }
}

/**
 * A Strong export of 150,000 sets in just under 10 MB (the most the import takes): 6,000 workouts of
 * 25 sets, one a day back from 2026, made once.
 */
function strongExport(): Buffer {
  const file = path.join(cacheDir, 'strong-150k-10mb.csv');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const lines = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
    ];
    const exercises = ['Squat (Barbell)', 'Deadlift (Barbell)', 'Pull Up', 'Bench Press (Barbell)', 'Chin Up'];
    for (let w = 0; w < 6_000; w++) {
      const day = new Date(Date.UTC(2026, 0, 1) - w * 86_400_000).toISOString().slice(0, 10);
      for (let s = 0; s < 25; s++) {
        const exercise = exercises[Math.floor(s / 5)];
        lines.push(`${day} 07:30:00,"Day ${w % 7}",1h,"${exercise}",${(s % 5) + 1},${60 + (w % 40)},5,0,0,,,8`);
      }
    }
    const text = `${lines.join('\n')}\n`;
    if (Buffer.byteLength(text) > 10 * 1024 * 1024) throw new Error('the file came out larger than the import takes');
    fs.writeFileSync(file, text);
  }
  return fs.readFileSync(file);
}

async function imports() {
  const csv = strongExport();
  const server = await startServer();
  try {
    const pid = server.child.pid ?? 0;
    const token = await account('importer');
    const idleKb = rssKb(pid);
    let peakKb = idleKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(pid));
    }, 100);
    const importOnce = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'strong.csv');
      const res = await fetch(`${base}/api/workouts/import`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      const body = await res.text();
      return res.status === 200 ? `200 ${body}` : `${res.status} ${body.slice(0, 120)}`;
    };
    /** Logins (and reads) one after another until `work` ends, each one's latency kept. */
    const whileRunning = async <T>(work: Promise<T>, read = false) => {
      let done = false;
      const finished = work.finally(() => {
        done = true;
      });
      const logins: number[] = [];
      const reads: number[] = [];
      const failures: string[] = [];
      await new Promise((resolve) => setTimeout(resolve, 300));
      while (!done) {
        const t0 = performance.now();
        // A login the server drops (its timeouts cut a request held too long) is counted, not fatal.
        const status = await json('POST', '/api/auth/login', { username: 'guest', password: 'spotme-guest-2026' }).then(
          (res) => res.status,
          (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
        );
        logins.push(performance.now() - t0);
        if (status !== 200) failures.push(`${status} after ${Math.round(performance.now() - t0)} ms`);
        if (read) {
          const r0 = performance.now();
          const readStatus = await fetch(`${base}/api/users/importer/workouts?limit=20`, {
            headers: { authorization: token },
          })
            .then(async (page) => {
              await page.arrayBuffer();
              return page.status;
            })
            .catch((error: Error) => (error.cause as Error | undefined)?.message ?? error.message);
          reads.push(performance.now() - r0);
          if (readStatus !== 200) failures.push(`read ${readStatus} after ${Math.round(performance.now() - r0)} ms`);
        }
      }
      return { result: await finished, logins, reads, failures };
    };
    const figures = (ms: number[]) => ({
      n: ms.length,
      p50ms: Math.round(percentile(ms, 50)),
      p99ms: Math.round(percentile(ms, 99)),
      maxMs: Math.round(Math.max(...ms)),
    });

    // The same logins with nothing else running: what this machine's load alone costs a login.
    const idleLogins = await whileRunning(new Promise((resolve) => setTimeout(resolve, 10_000)));
    let started = Date.now();
    const parallel = await whileRunning(Promise.all([importOnce(), importOnce(), importOnce()]));
    const parallelSeconds = (Date.now() - started) / 1000;
    const afterParallelKb = rssKb(pid);
    started = Date.now();
    const again = await whileRunning(importOnce(), true);
    const reimportSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        scenario: 'imports',
        root,
        fileMb: Math.round(csv.byteLength / 1e5) / 10,
        rows: csv.toString('utf8').split('\n').length - 2,
        loginsIdle: figures(idleLogins.logins),
        parallelSeconds,
        parallelStatuses: parallel.result,
        loginsDuringParallel: figures(parallel.logins),
        loginFailuresDuringParallel: parallel.failures,
        reimportSeconds,
        reimportStatus: again.result,
        loginsDuringReimport: figures(again.logins),
        loginFailuresDuringReimport: again.failures,
        readsDuringReimport: figures(again.reads),
        idleRssMb: Math.round(idleKb / 1024),
        peakRssMb: Math.round(peakKb / 1024),
        afterRssMb: Math.round(afterParallelKb / 1024),
      }),
    );
  } finally {
    await stopServer(server);
  }
}

async function streams() {
  const server = await startServer();
  const aborts: AbortController[] = [];
  try {
    const token = await account('streamer');
    // Let the start-up settle, then take the base figure.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleKb = rssKb(server.child.pid ?? 0);
    const tries = Number(args.streams);
    const statuses = await Promise.all(
      Array.from({ length: tries }, async () => {
        const abort = new AbortController();
        aborts.push(abort);
        try {
          const res = await fetch(`${base}/api/notifications/stream`, {
            headers: { authorization: token },
            signal: abort.signal,
          });
          if (res.status !== 200) {
            await res.arrayBuffer();
            return res.status;
          }
          // Accepted: held open until the figure is taken, its opening read.
          const reader = res.body?.getReader();
          await reader?.read();
          return 200;
        } catch (error) {
          return error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'error';
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const holdingKb = rssKb(server.child.pid ?? 0);
    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(
      JSON.stringify({
        scenario: 'streams',
        root,
        tried: tries,
        accepted: counts[200] ?? 0,
        answers: counts,
        idleRssMb: Math.round(idleKb / 1024),
        holdingRssMb: Math.round(holdingKb / 1024),
        growthMb: Math.round((holdingKb - idleKb) / 102.4) / 10,
      }),
    );
  } finally {
    for (const abort of aborts) abort.abort();
    await stopServer(server);
  }
}

const scenarios: Record<string, () => Promise<void>> = { uploads, reads, imports, streams };
const scenario = scenarios[args.scenario];
if (!scenario) throw new Error(`--scenario must be one of ${Object.keys(scenarios).join(', ')}`);
await scenario();
