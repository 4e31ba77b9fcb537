import type { FastifyInstance } from 'fastify';

interface Waiting {
  start: () => void;
  connection: object;
}

/**
 * The requests that reach the server together start in turn, the connection served least recently
 * first (decision 062). Without this, a saturated server starts requests in the order the kernel
 * reports their sockets readable, and that order holds from one turn of the event loop to the next
 * (libuv's epoll is level-triggered: a socket reported once keeps its place in the ready list). The
 * connection answered last in a turn sends its next request just after the next turn's poll, so it is
 * reported after all the others, answered last again, and misses every other turn: half the answers
 * of the rest, each at twice the latency, which alone set the p99 far above the median (decision 062
 * has the measurement). Taking turns, every connection gets the same share.
 *
 * The requests read in one poll are put in order, then each is started in an immediate of its own, so
 * that a synchronous handler (SQLite) finishes before the next starts, as when it ran from the poll,
 * and the transactions that end in one turn still share one commit (decision 051). Requests on one
 * connection keep their order (the sort is stable).
 */
export function takeTurnsByConnection(app: FastifyInstance): void {
  const lastTurn = new WeakMap<object, number>();
  const turnOf = (waiting: Waiting) => lastTurn.get(waiting.connection) ?? 0;
  let turns = 0;
  let waiting: Waiting[] = [];
  const start = (next: Waiting) => {
    lastTurn.set(next.connection, ++turns);
    next.start();
  };
  const putInOrder = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length > 1) batch.sort((a, b) => turnOf(a) - turnOf(b));
    for (const next of batch) setImmediate(start, next);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (waiting.length === 0) setImmediate(putInOrder);
    waiting.push({ start: done, connection: request.raw.socket });
  });
}
