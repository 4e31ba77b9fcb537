import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Child {
  url: string;
  pid: number;
  /** The kernel's peak resident set of the process since it started (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** A /proc/<pid>/status field in kB (Linux), as MB. */
export function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process stopped (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within 2 minutes:\n${output()}`);
}

/**
 * Starts an entry point as its own process (a TypeScript one through tsx's loader, the compiled
 * server as plain JavaScript), so that its memory and CPU are its own and not the load generator's.
 */
export async function startChild(
  entry: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  nodeFlags: string[] = [],
) {
  // A server left running by an interrupted bench would answer for the new one, which fails to
  // listen, and the figures would be that old server's.
  const stale = await fetch(readyUrl).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`${new URL(readyUrl).host} already answers: stop what listens there first`);
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitUntilAnswering(readyUrl, child, () => output);
  const pid = child.pid ?? -1;
  const handle: Child = {
    url: new URL(readyUrl).origin,
    pid,
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
  return { handle, output: () => output };
}

export interface ServerOptions {
  port: number;
  /** The server's DATA_DIR: its SQLite database is `spotter.db` in there. */
  dataDir: string;
  /** Run on PostgreSQL instead (DATABASE_URL). */
  postgresUrl?: string;
  jwtSecret: string;
  /** More settings (federation's figures turn it on and trust their CA). */
  env?: Record<string, string>;
  /** More node flags after `npm start`'s (e.g. `--cpu-prof`). */
  nodeFlags?: string[];
}

/**
 * The node flags `npm start` runs the server with (package.json's `start` script), so that every
 * bench measures the server as its users run it (decision 059: V8's young generation).
 */
export function startFlags(): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const command = /\bnode((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/main\.js start\b/.exec(scripts.start ?? '');
  if (!command)
    throw new Error(`package.json's start script does not run apps/server/dist/main.js start: ${scripts.start}`);
  return (command[1] ?? '').split(' ').filter(Boolean);
}

/** `npm run build`'s parts that are out of date (the compiled server, the web app), as `npm start` does. */
export function buildIfStale() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stderr || build.stdout}`);
}

/** Spotter's server, exactly as `npm start` runs it (compiled, no TypeScript loader), on a generated network. */
export async function startServer(options: ServerOptions): Promise<Child> {
  buildIfStale();
  const env: Record<string, string> = {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    SEED: 'false',
    // Two log lines per request would measure the logger; warnings and errors still show.
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // 50 connections from one address are one abusive client to the limits; the bench measures the rest.
    RATE_LIMITS: 'false',
  };
  if (options.postgresUrl) env.DATABASE_URL = options.postgresUrl;
  Object.assign(env, options.env);
  const { handle } = await startChild(
    path.join(repoRoot, 'apps/server/dist/main.js'),
    ['start'],
    env,
    `http://127.0.0.1:${options.port}/readyz`,
    [...startFlags(), ...(options.nodeFlags ?? [])],
  );
  return handle;
}
