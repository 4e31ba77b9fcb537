import type { WorkoutBody } from '@spotter/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A post to make of the workout once it is stored (the log form's "Share as post"). */
export interface QueuedShare {
  content: string;
  image?: { url: string; alt: string };
}

/**
 * A workout saved while the server could not be reached (issue 48), waiting on this device.
 * `key` is made once, when the person pressed save, and sent as the Idempotency-Key of every try:
 * a try whose answer was lost and the next one store one workout between them.
 */
export interface OutboxEntry {
  key: string;
  /** Whose it is: only its owner's session sends it, and sees it waiting. */
  username: string;
  queuedAt: string;
  workout: WorkoutBody['workout'];
  share: QueuedShare | null;
  /** Tries that found no server; the wait before the next grows with them. */
  attempts: number;
  /** Epoch milliseconds before which no try is made (backoff). */
  nextTryAt: number;
  /** The server's words when it refused the workout: it stays until the person retries or discards it. */
  refusal: string | null;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

const databaseName = 'spotter-offline';
let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

function database() {
  opened ??= openDB<OutboxSchema>(databaseName, 1, {
    upgrade(db) {
      const store = db.createObjectStore('outbox', { keyPath: 'key' });
      store.createIndex('byUser', 'username');
    },
  });
  return opened;
}

const listeners = new Set<() => void>();

/** Calls `listener` after every change to the outbox, in this tab. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** A person's waiting workouts, oldest first: the order they are sent in. */
export async function outboxOf(username: string): Promise<OutboxEntry[]> {
  const entries = await (await database()).getAllFromIndex('outbox', 'byUser', username);
  return entries.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.key.localeCompare(b.key));
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put('outbox', entry);
  changed();
}

export async function removeEntry(key: string): Promise<void> {
  await (await database()).delete('outbox', key);
  changed();
}

/** Discards every waiting workout of a person (logout, once they were warned). */
export async function discardOutboxOf(username: string): Promise<void> {
  const db = await database();
  const keys = await db.getAllKeysFromIndex('outbox', 'byUser', username);
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  changed();
}

/** For tests: forget the open connection, as a reload would. */
export async function closeOutboxForTests(): Promise<void> {
  const db = await opened;
  db?.close();
  opened = undefined;
}
