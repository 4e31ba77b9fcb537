import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

/**
 * Requests that reach a busy server together are answered in turn, the connection served least
 * recently first (decision 062), not in the order the kernel reports their sockets: with that order,
 * a saturated server answered two of fifty keep-alive connections half as often as the others. On
 * SQLite, whose handlers finish without waiting on I/O, the answers leave in the order the requests
 * started, so a client sees the turns in the order its answers arrive.
 */
const t = useTestApp({}, { engine: 'sqlite' });

/** A keep-alive HTTP/1.1 connection that sends GETs and tells when each whole answer has arrived. */
class Connection {
  private received = '';
  private waiting: (() => void) | undefined;
  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
      this.settleIfWhole();
    });
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes a request now; the promise settles when its answer is whole. */
  send(path: string): Promise<void> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n\r\n`);
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.settleIfWhole();
    });
  }

  close() {
    this.socket.destroy();
  }

  private settleIfWhole() {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(this.received.slice(0, headEnd))?.[1]);
    if (!Number.isFinite(length))
      throw new Error(`an answer without content-length: ${this.received.slice(0, headEnd)}`);
    const end = headEnd + 4 + length;
    if (this.received.length < end) return;
    expect(this.received.slice(0, 12)).toBe('HTTP/1.1 200');
    this.received = this.received.slice(end);
    const settle = this.waiting;
    this.waiting = undefined;
    settle();
  }
}

describe('connections take turns', () => {
  let port = 0;
  const opened: Connection[] = [];
  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    port = (t().app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => {
    for (const connection of opened) connection.close();
  });

  it('answers requests that arrive together in the order their connections were last served, oldest first', async () => {
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => Connection.open(port)));
    if (!first || !second || !third) throw new Error('three connections were not opened');
    opened.push(first, second, third);
    const page = '/api/posts?limit=1';
    // Served one at a time: the third connection longest ago, the first most lately.
    await third.send(page);
    await second.send(page);
    await first.send(page);

    for (let round = 0; round < 3; round++) {
      const answered: string[] = [];
      // Written in one go, first to third: the server reads the three in one poll, in that order.
      await Promise.all([
        first.send(page).then(() => answered.push('first')),
        second.send(page).then(() => answered.push('second')),
        third.send(page).then(() => answered.push('third')),
      ]);
      // Oldest turn first, whatever the order of arrival; each round leaves them in the same order.
      expect(answered).toEqual(['third', 'second', 'first']);
    }
  });
});
