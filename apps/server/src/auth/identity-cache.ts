import { LRUCache } from 'lru-cache';
import type { Key, SignedInUser } from '../db/schema';

/** A token's identity as read from the database: its user, and its session when it names one. */
export interface CachedIdentity {
  user: SignedInUser;
  /** `app`: the session is an OAuth app's (issue 50), whose token serves the client API only. */
  session: { key: Key; lastSeenAt: number; app: boolean } | undefined;
}

/** How many identities a process keeps, and for how long at most (decision 055). */
export const identityCacheLimits = { max: 10_000, ttlMs: 60_000 } as const;

/**
 * Identities read on earlier requests, kept only while this process hears of every change to them:
 * the database announces each change of a user's token version, suspension, role or sessions (on
 * PostgreSQL, migration 078's NOTIFY on commit), and `forgetUser` drops that user's entries. While
 * the announcements may be missed (not yet listening, or the listening connection lost) the cache is
 * off and empty, and every request reads the database, as decision 016 did.
 */
export class IdentityCache {
  private readonly entries = new LRUCache<string, CachedIdentity>({
    max: identityCacheLimits.max,
    ttl: identityCacheLimits.ttlMs,
  });
  private on = false;
  /**
   * Raised by every change heard and by every switch off: a read begun before a change may have seen
   * the row before it, so it is kept only if no change came in while it ran (`keep`).
   */
  private changes = 0;

  /** Whether identities are kept (announcements are being heard). */
  get live(): boolean {
    return this.on;
  }

  /** A mark to pass to `keep`, taken before reading the database. */
  mark(): number {
    return this.changes;
  }

  get(key: string): CachedIdentity | undefined {
    return this.on ? this.entries.get(key) : undefined;
  }

  /** Keeps what a read begun at `mark` found, unless something changed (or the cache went off) since. */
  keep(key: string, mark: number, identity: CachedIdentity): void {
    if (this.on && mark === this.changes) this.entries.set(key, identity);
  }

  /** Notes that a session's last-seen time was written, so that it is not written again for a minute. */
  touched(key: string, at: number): void {
    const entry = this.entries.get(key);
    if (entry?.session) entry.session.lastSeenAt = at;
  }

  /** The database announced a change to this user's identity or sessions. */
  forgetUser(userId: Key): void {
    this.changes++;
    const stale: string[] = [];
    for (const [key, entry] of this.entries.entries()) if (entry.user.id === userId) stale.push(key);
    for (const key of stale) this.entries.delete(key);
  }

  /** Announcements are heard from now on: start keeping identities (from empty). */
  start(): void {
    this.changes++;
    this.entries.clear();
    this.on = true;
  }

  /** Announcements may be missed from now on: forget everything and read the database every time. */
  stop(): void {
    this.changes++;
    this.on = false;
    this.entries.clear();
  }
}
