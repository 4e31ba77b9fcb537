import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Key } from './schema';

/** The channel on which migration 078's triggers announce, on commit, whose identity changed. */
export const identityChannel = 'spotter_identity';

export interface IdentityChangeListener {
  /** Announcements are heard from now on (called again after each reconnection). */
  onListening(): void;
  /** This user's token version, suspension, role or sessions changed (the payload: their key). */
  onChange(userId: Key): void;
  /** The connection was lost: announcements may be missed until `onListening` is called again. */
  onLost(reason: string): void;
}

export interface IdentityChanges {
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** Waits between attempts to listen again: quick at first, then at most every 5 s. */
const retryDelaysMs = [100, 500, 1_000, 2_000, 5_000];

/**
 * Listens on PostgreSQL for identity changes (decision 055) on a connection of its own, kept open:
 * a NOTIFY sent in a transaction reaches every listening connection when it commits, in order, or not
 * at all if it rolls back. When that connection ends, the listener says so at once and connects again.
 */
export function listenToIdentityChanges(url: string, listener: IdentityChangeListener): IdentityChanges {
  const pg: typeof PgModule = require('pg');
  let client: PgModule.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    if (client === undefined) return;
    const ended = client;
    client = undefined;
    ended.removeAllListeners();
    ended.on('error', () => {});
    ended.end().catch(() => {});
    listener.onLost(reason);
    if (closed) return;
    const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 5_000;
    attempt++;
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  const connect = () => {
    retry = undefined;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'spotter identity listener' });
    client = next;
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('the connection ended'));
    next.on('notification', (message) => {
      const userId = Number(message.payload);
      if (message.channel === identityChannel && Number.isSafeInteger(userId)) listener.onChange(userId);
    });
    next
      .connect()
      .then(() => next.query(`listen ${identityChannel}`))
      .then(() => {
        if (client !== next) return;
        attempt = 0;
        listener.onListening();
      })
      .catch((error: unknown) => {
        if (client === next) lost(error instanceof Error ? error.message : String(error));
      });
  };

  connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => {});
        await open.end().catch(() => {});
      }
    },
  };
}
