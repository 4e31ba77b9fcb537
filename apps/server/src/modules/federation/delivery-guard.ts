import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { deliveryExpired } from './retry-policy';
import { Temporal } from './temporal';

/** The fields of Fedify's queued delivery (`OutboxMessage`) the guard reads. */
export interface QueuedDelivery {
  type: 'outbox';
  inbox: string;
  started?: string;
  actorIds?: string[];
}

export interface DeliveryGuardOptions {
  /** Whether a host is on the instance block list (its subdomains included). */
  blocked(host: string): Promise<boolean>;
  /** A delivery dropped after 7 days: the follows it served are marked failing. */
  expired(delivery: QueuedDelivery): Promise<void>;
  /** Milliseconds between two deliveries to one host (0: not spaced). */
  spacingMs: number;
  now?: () => number;
}

const isDelivery = (message: unknown): message is QueuedDelivery =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'outbox' &&
  typeof (message as { inbox?: unknown }).inbox === 'string';

/** The inbox's host name (what the block list names) and its host with any port (one server, for pacing). */
const whereTo = (url: string) => {
  try {
    const parsed = new URL(url);
    return { hostname: parsed.hostname.toLowerCase(), server: parsed.host.toLowerCase() };
  } catch {
    return { hostname: '', server: '' };
  }
};

/**
 * Fedify's queue with Spotter's rules for deliveries around it (decision 096), in one place for
 * every activity any module sends: nothing is queued for, or sent to, a blocked server; deliveries
 * to one host are spaced (`spacingMs` apart, in this process), so a flood to one server is paced;
 * a delivery still failing after 7 days is dropped and reported to `expired`. Inbox work passes
 * through untouched.
 */
export class DeliveryGuard implements MessageQueue {
  readonly #inner: MessageQueue;
  readonly #options: DeliveryGuardOptions;
  readonly #now: () => number;
  /** Per host: when its next delivery may go (milliseconds since the epoch). */
  readonly #nextSlot = new Map<string, number>();

  constructor(inner: MessageQueue, options: DeliveryGuardOptions) {
    this.#inner = inner;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  get nativeRetrial() {
    return this.#inner.nativeRetrial;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const others: unknown[] = [];
    for (const message of messages) {
      if (!isDelivery(message)) {
        others.push(message);
        continue;
      }
      const { hostname, server } = whereTo(message.inbox);
      if (await this.#options.blocked(hostname)) continue;
      const wanted = options?.delay ? options.delay.total({ unit: 'millisecond' }) : 0;
      // Whole milliseconds: Fedify's delays may be fractional (a circuit's hold: 29909.99991 ms), which
      // Temporal.Duration.from refuses, and the message being handled was lost with the error.
      const delay = Math.ceil(Math.max(wanted, this.slotDelay(server)));
      await this.#inner.enqueue(message, { ...options, delay: Temporal.Duration.from({ milliseconds: delay }) });
    }
    if (others.length === 0) return;
    if (this.#inner.enqueueMany) await this.#inner.enqueueMany(others, options);
    else for (const message of others) await this.#inner.enqueue(message, options);
  }

  /**
   * How long a delivery to `host` waits for its slot, and takes it: one every `spacingMs`. Slots are
   * handed out when queued, so 50 deliveries queued at once to one host go out over 50 slots.
   */
  slotDelay(host: string): number {
    const { spacingMs } = this.#options;
    if (spacingMs <= 0) return 0;
    const now = this.#now();
    const slot = Math.max(now, this.#nextSlot.get(host) ?? 0);
    this.#nextSlot.set(host, slot + spacingMs);
    // Hosts whose slots have all passed are forgotten, so the map stays as small as the traffic.
    if (this.#nextSlot.size > 10_000) {
      for (const [known, next] of this.#nextSlot) if (next < now) this.#nextSlot.delete(known);
    }
    return slot - now;
  }

  listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    return this.#inner.listen(async (message) => {
      if (isDelivery(message)) {
        // Blocked since it was queued: dropped unsent.
        if (await this.#options.blocked(whereTo(message.inbox).hostname)) return;
        if (deliveryExpired(message.started, this.#now())) {
          await this.#options.expired(message);
          return;
        }
      }
      await handler(message);
    }, options);
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const depth = await this.#inner.getDepth?.();
    return depth ?? { queued: 0, ready: 0, delayed: 0 };
  }
}
