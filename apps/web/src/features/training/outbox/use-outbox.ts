import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { trainingKeys } from '../../../lib/query-keys';
import { useReachability } from '../../../lib/reachability';
import { type OutboxEntry, onOutboxChange, outboxOf, putEntry, removeEntry } from './outbox-store';
import { syncRound } from './outbox-sync';
import { sendQueuedWorkout } from './send-queued-workout';

/** A person's waiting workouts, kept current as they are queued, sent, refused or discarded. */
export function useOutbox(username: string | undefined): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!username) return setEntries([]);
    let live = true;
    const load = () =>
      void outboxOf(username)
        .then((list) => live && setEntries(list))
        .catch(() => undefined);
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [username]);
  return entries;
}

let round: Promise<unknown> | undefined;

/** One sync round at a time in this tab: two would only send the same keys twice. */
export function syncNow(username: string): Promise<unknown> {
  round ??= syncRound({
    entries: () => outboxOf(username),
    send: sendQueuedWorkout,
    put: putEntry,
    remove: removeEntry,
    now: Date.now,
  }).finally(() => {
    round = undefined;
  });
  return round;
}

/**
 * Sends the signed-in person's waiting workouts: when the app starts, when the server can be reached
 * again (the `online` event, or a call or probe that reached it), and after each backoff. Background
 * Sync is not relied on: Safari has none, and the app is open when a lifter logs.
 */
export function useOutboxSync(username: string | undefined) {
  const client = useQueryClient();
  const reachability = useReachability();
  const entries = useOutbox(username);
  const nextTryAt = Math.min(...entries.filter((e) => e.refusal === null).map((e) => e.nextTryAt));
  const was = useRef(reachability);

  // The server is back: what waits is sent now, not after the rest of its backoff.
  useEffect(() => {
    const cameBack = was.current === 'offline' && reachability === 'online';
    was.current = reachability;
    if (!cameBack || !username) return;
    void outboxOf(username).then((list) =>
      Promise.all(
        list.filter((e) => e.refusal === null && e.nextTryAt > 0).map((e) => putEntry({ ...e, nextTryAt: 0 })),
      ),
    );
  }, [reachability, username]);

  useEffect(() => {
    if (!username || reachability === 'offline' || !Number.isFinite(nextTryAt)) return;
    const run = () => void syncNow(username).then(() => client.invalidateQueries({ queryKey: trainingKeys.all }));
    const timer = setTimeout(run, Math.max(0, nextTryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [username, reachability, nextTryAt, client]);
}
