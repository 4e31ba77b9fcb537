import { notificationStreamPath } from '@spotter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PeopleInFlightOptions {
  /** The longest one wait lasts, whatever it was asked for (milliseconds). */
  maxWaitMs?: number;
}

export interface QuietOptions {
  /** Requests of the caller's own among those in flight (an import waits for the others only). */
  besides?: number;
  signal?: AbortSignal | undefined;
}

/**
 * People's requests in flight (`begin`/`end`, counted by countPeoplesRequests), for the work that
 * comes after them (decision 107): received activities and long imports wait for them to be
 * answered, for a bounded time, before taking the event loop again.
 */
export class PeopleInFlight {
  readonly #maxWaitMs: number;
  #inFlight = 0;
  /** Each waiter with the count it waits for (in flight at most). */
  readonly #waiters = new Map<() => void, number>();
  /** Waits that began with people's requests in flight (for tests and the log). */
  gaveWay = 0;

  constructor(options: PeopleInFlightOptions = {}) {
    this.#maxWaitMs = options.maxWaitMs ?? 2_000;
  }

  /** A person's request began. */
  begin() {
    this.#inFlight++;
  }

  /** A person's request ended (answered or aborted). */
  end() {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#waiters.size === 0) return;
    // After the answer has been written (this runs when its response closes).
    setImmediate(() => {
      for (const [wake, besides] of this.#waiters) if (this.#inFlight <= besides) wake();
    });
  }

  get inFlight() {
    return this.#inFlight;
  }

  /**
   * Resolves at once when no person's request is in flight (beyond `besides`); else when they have
   * ended, after `waitMs` at most, or on `signal`'s abort.
   */
  whenQuiet(waitMs: number, options: QuietOptions = {}): Promise<void> {
    const besides = options.besides ?? 0;
    const { signal } = options;
    if (this.#inFlight <= besides || signal?.aborted) return Promise.resolve();
    this.gaveWay++;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(waitMs, this.#maxWaitMs)));
      this.#waiters.set(done, besides);
      signal?.addEventListener('abort', done, { once: true });
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
