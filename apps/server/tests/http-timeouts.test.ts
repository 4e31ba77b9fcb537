import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { envToConfig } from '../src/config';
import { useTestApp } from './helpers/test-app';

const t = useTestApp({ httpTimeouts: { requestSeconds: 2, headersSeconds: 1, keepAliveSeconds: 1 } });

async function port() {
  if (!t().app.server.listening) await t().app.listen({ port: 0, host: '127.0.0.1' });
  return (t().app.server.address() as AddressInfo).port;
}

/**
 * Opens a raw connection, writes `first`, then `drip` every 200 ms (a slow client keeping the line
 * busy), and resolves with what the server sent and how long the connection lived; gives up after 10 s.
 */
function slowClient(p: number, first: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(p, '127.0.0.1');
    let answer = '';
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 200);
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', done);
    socket.write(first);
  });
}

// Issue 17, finding 7: with Fastify's defaults (0) slow clients held connections open indefinitely.
describe('slow clients are cut off', () => {
  it('a client that never finishes its headers gets 408 and is closed after HTTP_HEADERS_TIMEOUT', async () => {
    const { answer, closedAfterMs } = await slowClient(
      await port(),
      'GET /api/posts HTTP/1.1\r\nHost: localhost\r\n',
      'X-Slow: a\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(9_000);
  });

  it('a client that sends its body a byte at a time is closed after HTTP_REQUEST_TIMEOUT', async () => {
    const { closedAfterMs } = await slowClient(
      await port(),
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      ' ',
    );
    expect(closedAfterMs).toBeLessThan(9_000);
  });

  it('an idle kept-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT', async () => {
    const { answer, closedAfterMs } = await slowClient(
      await port(),
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n',
      '',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeLessThan(9_000);
  });

  it('the defaults are set, and a headers timeout longer than the request timeout is refused', () => {
    expect(envToConfig({}).httpTimeouts).toEqual({ requestSeconds: 300, headersSeconds: 20, keepAliveSeconds: 72 });
    expect(() => envToConfig({ HTTP_HEADERS_TIMEOUT: '10m' })).toThrow(/HTTP_HEADERS_TIMEOUT: must not be longer/);
  });
});
