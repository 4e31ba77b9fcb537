import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import './provided';
import { testVideoTools } from './video-tools';

/** The repository root: the server runs from there, as `npm start` runs it. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** postgres:// URL; unset runs on DATA_DIR/spotter.db. */
  databaseUrl?: string;
  seed?: boolean;
  logLevel?: string;
  env?: Record<string, string>;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every stdout line the server wrote so far (pino JSON lines). */
  lines: string[];
  exited: Promise<ExitStatus>;
  /** Resolves with the first log line matching, or rejects if the process exits first. */
  waitForLine(match: (line: string) => boolean): Promise<string>;
  stop(): Promise<ExitStatus>;
}

/**
 * A POST of JSON to a server process, as a client that wants the short answers (`Prefer:
 * return=minimal`), signed in with `token` when given: its JSON answer.
 */
export async function postJson<T>(
  server: { url: string },
  pathname: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      prefer: 'return=minimal',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/**
 * Arguments that run a server command as `npm start` does: node on the server bundle the global setup
 * built from this checkout's source (global-setup.ts). A signal sent to `pid` reaches the server itself.
 */
export function serverCommand(args: string[]): string[] {
  return [inject('serverBundle'), ...args];
}

export function serverEnv(options: Omit<ServerProcessOptions, 'port'> & { port?: number }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED: String(options.seed ?? false),
    LOG_LEVEL: options.logLevel ?? 'warn',
    // Rate limits (docs/security.md) budget one person's or one IP's writes; these processes get
    // thousands of writes from one loopback IP on purpose, to test durability and load, not limits.
    RATE_LIMITS: 'false',
    FFMPEG_PATH: testVideoTools.ffmpegPath,
    FFPROBE_PATH: testVideoTools.ffprobePath,
    ...options.env,
  };
  if (options.port !== undefined) env.PORT = String(options.port);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

/** A port nothing listens on now (the kernel's pick), for a server process started next. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `main.ts start` as a real process and resolves once /readyz answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(['start']), {
    cwd: repoRoot,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, 'close').then(([code, signal]) => ({ code, signal }) as ExitStatus);
  const exitedEarly = exited.then((status) => {
    throw new Error(`the server exited (${status.code ?? status.signal}): ${stderr.slice(-2000)}`);
  });
  exitedEarly.catch(() => {});

  const url = `http://127.0.0.1:${options.port}`;
  await Promise.race([waitUntilReady(url, exited), exitedEarly]);
  if (child.pid === undefined) throw new Error('the server process has no pid');

  return {
    url,
    pid: child.pid,
    child,
    lines,
    exited,
    waitForLine(match) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return Promise.race([new Promise<string>((resolve) => waiters.add({ match, resolve })), exitedEarly]);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitUntilReady(url: string, exited: Promise<unknown>) {
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  while (!gone) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a one-shot server command (`backup`, `restore`, ...) and collects its output. */
export async function runServerCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, serverCommand(args), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = await once(child, 'close');
  return { code, stdout, stderr };
}
