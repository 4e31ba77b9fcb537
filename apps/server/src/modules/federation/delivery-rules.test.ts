import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import { describe, expect, it } from 'vitest';
import { DeliveryGuard, type QueuedDelivery } from './delivery-guard';
import { hostIsBlocked, normalizeDomain } from './domain-blocks';
import { HostRateLimit } from './host-rate-limit';
import {
  circuitRecoveryMsOf,
  deliveryExpired,
  deliveryGiveUpMs,
  outboxRetryPolicy,
  retryPolicyOf,
} from './retry-policy';
import { Temporal } from './temporal';

const hour = 3_600_000;
const delayMs = (elapsedMs: number, attempts: number) =>
  outboxRetryPolicy({ elapsedTime: Temporal.Duration.from({ milliseconds: elapsedMs }), attempts })?.total({
    unit: 'millisecond',
  });

describe('the outbox retry policy (decision 096)', () => {
  it('backs off from a minute, doubling, to at most 12 hours, and never past the 7-day mark', () => {
    expect(delayMs(0, 0)).toBe(60_000);
    expect(delayMs(60_000, 1)).toBe(120_000);
    expect(delayMs(5 * 60_000, 3)).toBe(8 * 60_000);
    expect(delayMs(2 * 24 * hour, 15)).toBe(12 * hour);
    // Two hours left of the seven days: the last retry is due at the mark.
    expect(delayMs(deliveryGiveUpMs - 2 * hour, 15)).toBe(2 * hour);
    expect(delayMs(deliveryGiveUpMs + hour, 30)).toBe(0);
  });

  it('starts from another first wait when told (FEDERATION_RETRY_FIRST_DELAY_MS), doubling all the same', () => {
    const policy = retryPolicyOf(1000);
    const wait = (attempts: number) =>
      policy({ elapsedTime: Temporal.Duration.from({ milliseconds: 0 }), attempts })?.total({ unit: 'millisecond' });
    expect([wait(0), wait(1), wait(2)]).toEqual([1000, 2000, 4000]);
    // Fedify's circuit breaker holds a failing server for 30 first waits: its own 30 minutes by default.
    expect(circuitRecoveryMsOf()).toBe(30 * 60_000);
    expect(circuitRecoveryMsOf(1000)).toBe(30_000);
  });

  it('says a delivery first queued 7 days ago is expired, a younger one not', () => {
    const now = Date.parse('2026-12-08T12:00:00Z');
    expect(deliveryExpired('2026-12-01T12:00:00Z', now)).toBe(true);
    expect(deliveryExpired('2026-12-01T12:00:01Z', now)).toBe(false);
    expect(deliveryExpired(undefined, now)).toBe(false);
  });
});

describe('the instance block list', () => {
  it('keeps a domain as a lowercase host name, and refuses anything else', () => {
    expect(normalizeDomain(' Example.COM. ')).toBe('example.com');
    for (const bad of ['', 'https://example.com', 'example.com/path', 'user@example.com', 'exa mple.com', 'a:1']) {
      expect(normalizeDomain(bad), bad).toBeUndefined();
    }
  });

  it('blocks a domain and every subdomain, not a name that merely ends alike', () => {
    const blocked = new Set(['example.com']);
    expect(hostIsBlocked('example.com', blocked)).toBe(true);
    expect(hostIsBlocked('social.EXAMPLE.com', blocked)).toBe(true);
    expect(hostIsBlocked('badexample.com', blocked)).toBe(false);
    expect(hostIsBlocked('example.org', blocked)).toBe(false);
  });
});

describe('per-host limits', () => {
  it('answers 429 material past the limit within a minute, with the seconds to wait, per host', () => {
    let now = 1_000_000;
    const limit = new HostRateLimit(2, { now: () => now });
    expect(limit.take('a.example')).toBeUndefined();
    expect(limit.take('a.example')).toBeUndefined();
    now += 15_000;
    expect(limit.take('a.example')).toBe(45);
    expect(limit.take('b.example')).toBeUndefined();
    now += 45_000;
    expect(limit.take('a.example')).toBeUndefined();
  });

  /** A queue that records what it is given. */
  const recorder = () => {
    const queued: { message: unknown; delayMs: number }[] = [];
    const inner: MessageQueue = {
      async enqueue(message: unknown, options?: MessageQueueEnqueueOptions) {
        queued.push({ message, delayMs: options?.delay?.total({ unit: 'millisecond' }) ?? 0 });
      },
      async listen() {},
    };
    return { inner, queued };
  };
  const delivery = (inbox: string, started?: string): QueuedDelivery => ({ type: 'outbox', inbox, started });

  it('spaces deliveries to one host, leaves other hosts and inbox work alone, and drops blocked hosts', async () => {
    const { inner, queued } = recorder();
    const guard = new DeliveryGuard(inner, {
      blocked: async (host) => host === 'blocked.example',
      expired: async () => {},
      spacingMs: 100,
      now: () => 5_000,
    });
    await guard.enqueueMany([
      delivery('https://busy.example/inbox'),
      delivery('https://busy.example/inbox'),
      delivery('https://busy.example/inbox'),
      delivery('https://quiet.example/inbox'),
      delivery('https://blocked.example/inbox'),
      { type: 'inbox', id: 'x' },
    ]);
    expect(queued.map((q) => q.delayMs)).toEqual([0, 100, 200, 0, 0]);
    expect(queued.map((q) => (q.message as { inbox?: string }).inbox ?? 'inbox work')).toEqual([
      'https://busy.example/inbox',
      'https://busy.example/inbox',
      'https://busy.example/inbox',
      'https://quiet.example/inbox',
      'inbox work',
    ]);
  });

  it('queues a delivery Fedify delays by a fractional number of milliseconds (a circuit breaker’s hold)', async () => {
    const { inner, queued } = recorder();
    const guard = new DeliveryGuard(inner, { blocked: async () => false, expired: async () => {}, spacingMs: 0 });
    await guard.enqueue(delivery('https://down.example/inbox'), {
      delay: Temporal.Duration.from({ seconds: 30 }).subtract({ microseconds: 90_000, nanoseconds: 10 }),
    });
    expect(queued.map((q) => q.delayMs)).toEqual([29_910]);
  });

  it('drops a delivery due after its 7 days and reports it, instead of sending it', async () => {
    let handler: ((message: unknown) => Promise<void> | void) | undefined;
    const inner: MessageQueue = {
      async enqueue() {},
      async listen(h) {
        handler = h;
      },
    };
    const expired: QueuedDelivery[] = [];
    const sent: unknown[] = [];
    const now = Date.parse('2026-12-08T12:00:00Z');
    const guard = new DeliveryGuard(inner, {
      blocked: async () => false,
      expired: async (d) => {
        expired.push(d);
      },
      spacingMs: 0,
      now: () => now,
    });
    await guard.listen((message) => {
      sent.push(message);
    });
    const old = delivery('https://down.example/inbox', '2026-12-01T11:00:00Z');
    const young = delivery('https://down.example/inbox', '2026-12-07T11:00:00Z');
    await handler?.(old);
    await handler?.(young);
    expect(expired).toEqual([old]);
    expect(sent).toEqual([young]);
  });
});
