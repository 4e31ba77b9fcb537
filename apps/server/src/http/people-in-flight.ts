import { notificationStreamPath } from '@spotter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PeopleInFlightOptions {
  /** The longest one wait lasts, whatever it was asked for (milliseconds). */
  maxWaitMs?: number;
  now?: () => number;
}

export interface QuietOptions {
  /** Requests of the caller's own among those in flight (an import waits for the others only). */
  besides?: number;
  signal?: AbortSignal | undefined;
  /**
   * Quiet means also that no request has begun or ended for this long (milliseconds). On SQLite a
   * request is often read, answered and closed within one turn of the event loop, so under a steady
   * stream of them none is ever seen in flight between two turns while the next ones already wait,
   * unread, in their sockets.
   */
  quietForMs?: number;
}

/**
 * People's requests in flight (`begin`/`end`, counted by countPeoplesRequests), for the work that
 * comes after them (decision 107): received activities and long imports wait for them to be
 * answered, for a bounded time, before taking the event loop again.
 */
export class PeopleInFlight {
  readonly #maxWaitMs: number;
  readonly #now: () => number;
  #inFlight = 0;
  /** When a request last began or ended. */
  #lastSeenAt = Number.NEGATIVE_INFINITY;
  /** Each waiter, woken to look again when a request ends. */
  readonly #waiters = new Set<() => void>();
  /** Waits that began with people's requests in flight, or just answered (for tests and the log). */
  gaveWay = 0;

  constructor(options: PeopleInFlightOptions = {}) {
    this.#maxWaitMs = options.maxWaitMs ?? 2_000;
    this.#now = options.now ?? (() => performance.now());
  }

  /** A person's request began. */
  begin() {
    this.#inFlight++;
    this.#lastSeenAt = this.#now();
  }

  /** A person's request ended (answered or aborted). */
  end() {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#lastSeenAt = this.#now();
    if (this.#waiters.size === 0) return;
    // After the answer has been written (this runs when its response closes).
    setImmediate(() => {
      for (const look of this.#waiters) look();
    });
  }

  get inFlight() {
    return this.#inFlight;
  }

  /** How long until it is quiet for `options`, if nobody else comes: 0 when quiet now, else ms. */
  #untilQuiet(options: QuietOptions): number {
    if (this.#inFlight > (options.besides ?? 0)) return Number.POSITIVE_INFINITY;
    return Math.max(0, (options.quietForMs ?? 0) - (this.#now() - this.#lastSeenAt));
  }

  /**
   * Resolves at once when no person's request is in flight (beyond `besides`) and none began or
   * ended in the last `quietForMs`; else when that holds, after `waitMs` at most, or on `signal`'s
   * abort.
   */
  whenQuiet(waitMs: number, options: QuietOptions = {}): Promise<void> {
    const { signal } = options;
    if (this.#untilQuiet(options) === 0 || signal?.aborted) return Promise.resolve();
    this.gaveWay++;
    return new Promise((resolve) => {
      let again: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        clearTimeout(again);
        this.#waiters.delete(look);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      // Quiet now, or quiet soon if nobody comes: look again then. A look already set is left as it
      // is (it looks again itself): requests ending by the thousand a second do not each re-arm it.
      const look = () => {
        const ms = this.#untilQuiet(options);
        if (ms === 0) return done();
        if (again === undefined && Number.isFinite(ms)) {
          again = setTimeout(() => {
            again = undefined;
            look();
          }, ms);
        }
      };
      const timer = setTimeout(done, Math.max(0, Math.min(waitMs, this.#maxWaitMs)));
      this.#waiters.add(look);
      signal?.addEventListener('abort', done, { once: true });
      look();
    });
  }
}

/**
 * A request held open for as long as its person stays (the notification stream, the client API's
 * WebSocket): nobody waits on it, so it is not counted.
 */
const isLongLived = (request: FastifyRequest) =>
  request.headers.upgrade !== undefined ||
  (request.headers.accept ?? '').includes('text/event-stream') ||
  request.url.startsWith(notificationStreamPath) ||
  request.url.startsWith('/api/v1/streaming');

/**
 * Counts every request while in flight as a person's, but long-lived ones and those `notAPerson`
 * names (other servers' federation requests).
 */
export function countPeoplesRequests(
  app: FastifyInstance,
  people: PeopleInFlight,
  notAPerson: (request: FastifyRequest) => boolean,
) {
  // A callback hook, not an async one: it runs on every request, and needs no promise of its own.
  app.addHook('onRequest', (request, reply, done) => {
    if (!notAPerson(request) && !isLongLived(request)) {
      people.begin();
      // 'close' comes once, answered or aborted.
      reply.raw.once('close', () => people.end());
    }
    done();
  });
}
