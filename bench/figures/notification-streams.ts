/**
 * Issue 14's stream figure: how much one server's resident memory grows while it holds N open
 * notification streams (GET /api/notifications/stream), each a distinct person, and whether a
 * notification still reaches one of them. Part of `npm run bench` (1,000 streams); alone:
 * `npx tsx bench/figures/notification-streams.ts [N]` (default 1000). It starts its own server on a fresh
 * SQLite database in a temporary directory (port 3801, or BENCH_STREAM_PORT) and stops it after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { notificationStreamPath } from '@spotter/contract';
import { postJson, startServerProcess } from '../../apps/server/tests/helpers/server-process';

export interface StreamsResult {
  streams: number;
  rssBeforeMb: number;
  rssWithStreamsMb: number;
  growthMb: number;
  growthPerStreamKb: number;
  /** From the like's request to the `notification` event on the liked person's open stream. */
  likeToEventMs: number;
}

const rssMb = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};

export async function measureNotificationStreams(
  count: number,
  port = Number(process.env.BENCH_STREAM_PORT ?? 3801),
): Promise<StreamsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-streams-'));
  const server = await startServerProcess({
    port,
    dataDir,
    // Every stream comes from this one loopback address: its cap (STREAM_MAX_PER_IP, 20) is lifted.
    env: { JWT_SECRET: 'bench-streams-secret-of-at-least-32-chars', LOG_LEVEL: 'error', STREAM_MAX_PER_IP: '1000000' },
  });
  const aborts: AbortController[] = [];
  try {
    type Answer = { encodedToken: string; post: { _id: string } };
    const post = (pathname: string, body: unknown, token?: string) => postJson<Answer>(server, pathname, body, token);
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await post('/api/auth/signup', {
        firstname: 'S',
        lastname: 'B',
        username: `streamer${i}`,
        password: 'bench-stream-password',
      });
      tokens.push(res.encodedToken);
    }
    // Let the start-up settle, then take the base figure.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssMb(server.pid);
    const readers = await Promise.all(
      tokens.map(async (token) => {
        const abort = new AbortController();
        aborts.push(abort);
        const res = await fetch(`${server.url}${notificationStreamPath}`, {
          headers: { authorization: token },
          signal: abort.signal,
        });
        if (!res.body) throw new Error('no stream');
        const reader = res.body.getReader();
        await reader.read();
        return reader;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = rssMb(server.pid);
    // One notification still arrives: the last streamer likes the first one's post.
    const target = await post('/api/posts', { postData: { content: 'bench' } }, tokens[0]);
    const started = performance.now();
    await fetch(`${server.url}/api/posts/like/${target.post._id}`, {
      method: 'POST',
      headers: { authorization: tokens[count - 1] ?? '' },
    });
    const first = readers[0];
    let received = '';
    while (first && !received.includes('event: notification')) {
      const { value, done } = await first.read();
      if (done) throw new Error('the stream ended before the notification arrived');
      received += new TextDecoder().decode(value);
    }
    return {
      streams: count,
      rssBeforeMb: Math.round(before),
      rssWithStreamsMb: Math.round(during),
      growthMb: Math.round(during - before),
      growthPerStreamKb: Math.round(((during - before) * 1024) / count),
      likeToEventMs: Math.round(performance.now() - started),
    };
  } finally {
    for (const a of aborts) a.abort();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureNotificationStreams(Number(process.argv[2] ?? 1000)), null, 2));
}
