import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { PeopleInFlight } from '../../http/people-in-flight';

export interface GivingWayOptions {
  /**
   * While people's requests are in flight, received activities take at most this share of the
   * time: after one that took t ms, the next waits up to t × (1 − share) / share for them to end.
   */
  share?: number;
  /**
   * People count as waiting until none of their requests has begun or ended for this long: on SQLite
   * a steady stream of requests is answered within turns of the event loop, and between two turns
   * none is in flight while the next ones wait unread in their sockets (10 ms by default).
   */
  quietForMs?: number;
  now?: () => number;
}

/**
 * People's requests before received activities (decisions 107 and 114): `queue`'s listener takes its
 * next message only when no person's request is in flight (`people`) nor came or went in the last
 * `quietForMs`, or once it has waited its bounded turn: while people wait, inbox work takes at most
 * `share` of the time (a twentieth by default), so a flood of deliveries is queued, not served before
 * them, and is handled as soon as they are answered. It never stops altogether.
 */
export function givingWayQueue(
  queue: MessageQueue,
  people: PeopleInFlight,
  options: GivingWayOptions = {},
): MessageQueue {
  const share = Math.min(1, Math.max(0.01, options.share ?? 0.05));
  const turn = (lastMs: number) => (lastMs * (1 - share)) / share;
  const quietForMs = options.quietForMs ?? 10;
  return new GivingWayQueue(queue, people, turn, quietForMs, options.now ?? (() => performance.now()));
}

/** A queue whose listener waits for `people` before each message: at most `turn(last message's ms)`. */
class GivingWayQueue implements MessageQueue {
  readonly #inner: MessageQueue;
  readonly #people: PeopleInFlight;
  readonly #turn: (lastMs: number) => number;
  readonly #quietForMs: number;
  readonly #now: () => number;

  constructor(
    inner: MessageQueue,
    people: PeopleInFlight,
    turn: (lastMs: number) => number,
    quietForMs: number,
    now: () => number,
  ) {
    this.#inner = inner;
    this.#people = people;
    this.#turn = turn;
    this.#quietForMs = quietForMs;
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
      // Through the event loop first. On SQLite every step of a message can be an already settled
      // promise, so messages one after another never let the server read a waiting request: nobody
      // seems to wait, and the queue took the whole server while people's requests timed out.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.#people.whenQuiet(this.#turn(lastMs), { signal: options?.signal, quietForMs: this.#quietForMs });
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
