import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testVideoTools } from '../../apps/server/tests/helpers/video-tools';

/**
 * One Playwright worker's server: the compiled build as `npm start` runs it (built once beforehand by
 * e2e/support/build.ts), on a freshly seeded SQLite database of its own. Each worker having its own, the
 * journeys that read what everyone sees (explore, search, suggestions, trending tags) see only what
 * their worker's journeys posted.
 */
export interface JourneyServer {
  url: string;
  /** The server's DATA_DIR: one-shot commands (`admin grant`) run against its database. */
  dataDir: string;
}

/** A port nothing listens on now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The environment the journeys' server runs with, beside the machine's own. */
export function journeyServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FFMPEG_PATH: testVideoTools.ffmpegPath,
    FFPROBE_PATH: testVideoTools.ffprobePath,
    // Journeys sign up and post far faster than a person; the limits have their own API tests.
    RATE_LIMITS: 'false',
    // Every page of every journey opens its stream from this one loopback address.
    STREAM_MAX_PER_IP: '1000',
    JWT_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
  };
}

async function untilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the journeys' server exited (${child.exitCode ?? child.signalCode}): ${output()}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the journeys' server did not answer ${url}/healthz within 120 s: ${output()}`);
}

/**
 * Starts a worker's server on `port` (0: any free one) and resolves once /healthz answers; `stop`
 * ends it and removes its data; `halt` only ends it, so a server started again on `dataDir` (and the
 * same port: the same origin to the browser) finds everything where it was (the offline journey).
 */
export async function startJourneyServer(
  port: number,
  options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<JourneyServer & { stop(): Promise<void>; halt(): Promise<void> }> {
  const chosen = port || (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `spotter-e2e-${chosen}-`));
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'apps/server/dist/main.js', 'start'], {
    env: { ...journeyServerEnv(chosen, dataDir), ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  const exited = once(child, 'close');
  const url = `http://127.0.0.1:${chosen}`;
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, child, () => stderr.slice(-2000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop, halt };
}
