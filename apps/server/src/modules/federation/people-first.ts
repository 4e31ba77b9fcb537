import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';

export interface PeopleFirstOptions {
  /**
   * While people's requests are in flight, received activities take at most this share of the
   * time: after one that took t ms, the next waits up to t × (1 − share) / share for them to end.
   */
  share?: number;
  /** The longest one wait lasts, whatever the last activity cost (milliseconds). */
  maxWaitMs?: number;
  now?: () => number;
}

/**
 * People's requests before received activities (decision 107): the API's requests are counted while
 * in flight (`begin`/`end`), and the inbox queue's listener (`inboxQueue`) takes its next message
 * only when none is, or once it has waited its bounded turn: while people wait, inbox work takes at
 * most `share` of the time (a tenth by default), so a flood of deliveries is queued, not served
 * before them, and is handled as soon as they are answered. It never stops altogether.
 */
export class PeopleFirst {
  readonly #share: number;
  readonly #maxWaitMs: number;
  readonly #now: () => number;
  #inFlight = 0;
  readonly #waiters = new Set<() => void>();
  /** Received activities that waited for people (for tests and the log). */
  gaveWay = 0;

  constructor(options: PeopleFirstOptions = {}) {
    this.#share = Math.min(1, Math.max(0.01, options.share ?? 0.1));
    this.#maxWaitMs = options.maxWaitMs ?? 2_000;
    this.#now = options.now ?? (() => performance.now());
  }

  /** A person's request began. */
  begin() {
    this.#inFlight++;
  }

  /** A person's request ended (answered or aborted). */
  end() {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#inFlight > 0 || this.#waiters.size === 0) return;
    // After the answer has been written (this runs in its onResponse hook).
    setImmediate(() => {
      if (this.#inFlight > 0) return;
      for (const wake of this.#waiters) wake();
    });
  }

  get inFlight() {
    return this.#inFlight;
  }

  /**
   * Resolves at once when no person's request is in flight; else when the last one ends, after
   * `waitMs` at most, or on `signal`'s abort.
   */
  whenQuiet(waitMs: number, signal?: AbortSignal): Promise<void> {
    if (this.#inFlight === 0 || signal?.aborted) return Promise.resolve();
    this.gaveWay++;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(waitMs, this.#maxWaitMs)));
      this.#waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** `queue` whose listener takes each message only when people are not waiting (see above). */
  inboxQueue(queue: MessageQueue): MessageQueue {
    return new GivingWayQueue(queue, this, (lastMs) => (lastMs * (1 - this.#share)) / this.#share, this.#now);
  }
}

/** A queue whose listener waits for `people` before each message: at most `turn(last message's ms)`. */
class GivingWayQueue implements MessageQueue {
  readonly #inner: MessageQueue;
  readonly #people: PeopleFirst;
  readonly #turn: (lastMs: number) => number;
  readonly #now: () => number;

  constructor(inner: MessageQueue, people: PeopleFirst, turn: (lastMs: number) => number, now: () => number) {
    this.#inner = inner;
    this.#people = people;
    this.#turn = turn;
    this.#now = now;
  }

  get nativeRetrial() {
    return this.#inner.nativeRetrial;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.#inner.enqueue(message, options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (this.#inner.enqueueMany) await this.#inner.enqueueMany(messages, options);
    else for (const message of messages) await this.#inner.enqueue(message, options);
  }

  listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    // What the last message took: while people wait, the next one waits in proportion.
    let lastMs = 0;
    return this.#inner.listen(async (message) => {
      await this.#people.whenQuiet(this.#turn(lastMs), options?.signal);
      const started = this.#now();
      try {
        await handler(message);
      } finally {
        lastMs = this.#now() - started;
      }
    }, options);
  }

  async getDepth(): Promise<MessageQueueDepth> {
    return (await this.#inner.getDepth?.()) ?? { queued: 0, ready: 0, delayed: 0 };
  }
}
