import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { freePort, startServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase, testDbKind } from './helpers/test-db';

type Attempt = 'refused' | string;

/** Opens a fresh TCP connection and sends one request: 'refused', or the status line answered. */
function freshConnectionAttempt(port: number): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.on('connect', () => socket.end('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve('refused');
      else if (error.code === 'ECONNRESET') resolve('reset');
      else reject(error);
    });
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

/**
 * SIGTERM (what `docker stop`, systemd and Kubernetes send) must not cut requests in half: the server
 * stops taking connections, answers every request it already has, closes the database and exits 0.
 */
describe(`SIGTERM drains in-flight requests (${testDbKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers every in-flight sign-up, refuses new connections and exits 0', async () => {
    const port = await freePort();
    const server = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.database.kind === 'postgres' ? database.database.url : undefined,
      logLevel: 'info',
    });
    const isSignup = (line: string) => line.includes('"incoming request"') && line.includes('/api/auth/signup');

    // Sign-ups are slow on purpose (argon2id, 12 MiB): two dozen keep the server busy for a while.
    const usernames = Array.from({ length: 24 }, (_, i) => `drained${i}`);
    let answeredBeforeSigterm = 0;
    let sigtermSent = false;
    const signups = usernames.map(async (username) => {
      const res = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstname: 'Drain', lastname: 'Test', username, password: 'drain-test-password' }),
      });
      if (!sigtermSent) answeredBeforeSigterm += 1;
      return res.status;
    });
    // Wait until the server has read every one of them, then ask it to stop.
    await new Promise<void>((resolve, reject) => {
      const check = () => (server.lines.filter(isSignup).length >= usernames.length ? resolve() : undefined);
      server.child.stdout?.on('data', check);
      server.exited.then(() => reject(new Error('the server exited early')));
      check();
    });
    server.child.kill('SIGTERM');
    sigtermSent = true;
    expect(answeredBeforeSigterm).toBeLessThan(usernames.length);

    await server.waitForLine((line) => line.includes('shutting down'));
    // Until the listening socket is closed a fresh connection may still be accepted, but only to be
    // told 503; then connections are refused.
    const attempts: Attempt[] = [];
    for (;;) {
      const attempt = await freshConnectionAttempt(port);
      attempts.push(attempt);
      if (attempt === 'refused') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(attempts.filter((a) => a !== 'refused' && a !== 'reset' && !a.includes(' 503 '))).toEqual([]);

    expect(await Promise.all(signups)).toEqual(usernames.map(() => 201));
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    const db = openDatabase(database.database);
    try {
      const stored = await db.kysely.selectFrom('users').select('username').execute();
      expect(stored.map((u) => u.username).sort()).toEqual([...usernames].sort());
    } finally {
      await db.close();
    }
  }, 120_000);
});
