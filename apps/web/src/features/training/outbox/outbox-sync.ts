import type { OutboxEntry, QueuedShare } from './outbox-store';

/** What one try of a waiting workout came to. */
export type SendResult =
  | { kind: 'stored' }
  /** The server answered and said no (a 4xx): trying again would get the same answer. */
  | { kind: 'refused'; reason: string }
  /** No server, or one that could not answer now (a network error, 5xx, 408, 429). */
  | { kind: 'unreachable' };

/** The waits after 1, 2, 3… tries that found no server: 2 s doubling, at most 5 min. */
export function backoffMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/** The entries a sync round sends now: not refused, their wait over, oldest first. */
export function dueEntries(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return entries
    .filter((entry) => entry.refusal === null && entry.nextTryAt <= now)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.key.localeCompare(b.key));
}

export interface SyncDeps {
  entries: () => Promise<OutboxEntry[]>;
  send: (entry: OutboxEntry) => Promise<SendResult>;
  put: (entry: OutboxEntry) => Promise<void>;
  remove: (key: string) => Promise<void>;
  now: () => number;
}

/**
 * One sync round: sends the due entries in the order they were saved. A stored one leaves the
 * outbox; a refused one stays with the server's reason (Retry or Discard are the person's); the
 * first that finds no server ends the round, and every entry still due waits its backoff: the
 * next ones would find no server either, and they keep their order.
 */
export async function syncRound(deps: SyncDeps): Promise<{ stored: number; refused: number; waiting: number }> {
  const due = dueEntries(await deps.entries(), deps.now());
  let stored = 0;
  let refused = 0;
  for (const [index, entry] of due.entries()) {
    const result = await deps.send(entry);
    if (result.kind === 'stored') {
      await deps.remove(entry.key);
      stored++;
    } else if (result.kind === 'refused') {
      await deps.put({ ...entry, refusal: result.reason });
      refused++;
    } else {
      const rest = due.slice(index);
      for (const waiting of rest) {
        const attempts = waiting.attempts + 1;
        await deps.put({ ...waiting, attempts, nextTryAt: deps.now() + backoffMs(attempts) });
      }
      return { stored, refused, waiting: rest.length };
    }
  }
  return { stored, refused, waiting: 0 };
}

/** A new entry for a workout the server could not be reached for; due at once. */
export function newEntry(input: {
  key: string;
  username: string;
  workout: OutboxEntry['workout'];
  share: QueuedShare | null;
  now: Date;
}): OutboxEntry {
  const { now, ...entry } = input;
  return { ...entry, queuedAt: now.toISOString(), attempts: 0, nextTryAt: 0, refusal: null };
}
