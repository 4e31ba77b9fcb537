import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeOutboxForTests,
  discardOutboxOf,
  type OutboxEntry,
  outboxOf,
  putEntry,
  removeEntry,
} from './outbox-store';
import { backoffMs, dueEntries, newEntry, type SendResult, syncRound } from './outbox-sync';

const workout = (title: string) => ({
  title,
  startedAt: '2026-12-01T07:00:00.000Z',
  exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }],
});

const entry = (key: string, queuedAt: string, username = 'ann'): OutboxEntry =>
  newEntry({ key, username, workout: workout(key), share: null, now: new Date(queuedAt) });

afterEach(async () => {
  for (const username of ['ann', 'bob']) await discardOutboxOf(username);
});

/** A sync round against the real IndexedDB store, with a server that answers as `answers` says. */
async function roundWith(answers: Record<string, SendResult['kind']>, now: number) {
  const sent: string[] = [];
  const summary = await syncRound({
    entries: () => outboxOf('ann'),
    send: async (e) => {
      sent.push(e.key);
      const kind = answers[e.key] ?? 'stored';
      return kind === 'refused' ? { kind, reason: 'Exercise not found' } : { kind };
    },
    put: putEntry,
    remove: removeEntry,
    now: () => now,
  });
  return { sent, summary };
}

describe('the workout outbox (issue 48)', () => {
  it('keeps the waiting workouts, their order and their keys across a reload', async () => {
    await putEntry(entry('k-2', '2026-12-01T08:00:00.000Z'));
    await putEntry(entry('k-1', '2026-12-01T07:00:00.000Z'));
    await putEntry(entry('k-b', '2026-12-01T06:00:00.000Z', 'bob'));
    await closeOutboxForTests(); // as a reload: the next read opens the database afresh
    expect((await outboxOf('ann')).map((e) => [e.key, e.workout.title])).toEqual([
      ['k-1', 'k-1'],
      ['k-2', 'k-2'],
    ]);
    expect((await outboxOf('bob')).map((e) => e.key)).toEqual(['k-b']);
  });

  it('sends in the order saved, each under its own key, and empties as the server stores them', async () => {
    await putEntry(entry('k-2', '2026-12-01T08:00:00.000Z'));
    await putEntry(entry('k-1', '2026-12-01T07:00:00.000Z'));
    const { sent, summary } = await roundWith({}, 0);
    expect(sent).toEqual(['k-1', 'k-2']);
    expect(summary).toEqual({ stored: 2, refused: 0, waiting: 0 });
    expect(await outboxOf('ann')).toEqual([]);
  });

  it('stops at the first try that finds no server; the rest keep their order and wait a growing backoff', async () => {
    await putEntry(entry('k-1', '2026-12-01T07:00:00.000Z'));
    await putEntry(entry('k-2', '2026-12-01T08:00:00.000Z'));
    await putEntry(entry('k-3', '2026-12-01T09:00:00.000Z'));
    const first = await roundWith({ 'k-2': 'unreachable' }, 1_000);
    expect(first.sent).toEqual(['k-1', 'k-2']);
    expect(first.summary).toEqual({ stored: 1, refused: 0, waiting: 2 });
    const waiting = await outboxOf('ann');
    expect(waiting.map((e) => [e.key, e.attempts, e.nextTryAt])).toEqual([
      ['k-2', 1, 1_000 + backoffMs(1)],
      ['k-3', 1, 1_000 + backoffMs(1)],
    ]);
    // Before the wait is over nothing is sent; after it, the same keys are sent again, in order.
    expect((await roundWith({}, 1_000 + backoffMs(1) - 1)).sent).toEqual([]);
    const second = await roundWith({ 'k-2': 'unreachable' }, 1_000 + backoffMs(1));
    expect(second.sent).toEqual(['k-2']);
    expect((await outboxOf('ann'))[0]?.attempts).toBe(2);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(50)).toBe(5 * 60_000);
  });

  it('keeps a refused workout with the server’s reason, sends the next ones, and never resends it by itself', async () => {
    await putEntry(entry('k-1', '2026-12-01T07:00:00.000Z'));
    await putEntry(entry('k-2', '2026-12-01T08:00:00.000Z'));
    const { sent, summary } = await roundWith({ 'k-1': 'refused' }, 0);
    expect(sent).toEqual(['k-1', 'k-2']);
    expect(summary).toEqual({ stored: 1, refused: 1, waiting: 0 });
    const [refused] = await outboxOf('ann');
    expect(refused?.refusal).toBe('Exercise not found');
    expect(dueEntries(await outboxOf('ann'), Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect((await roundWith({}, 10_000)).sent).toEqual([]);
  });
});
