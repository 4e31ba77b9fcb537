import type { Db } from '../../db/database';
import { removeFollow } from '../social';
import {
  type BlockedDomain,
  deleteBlockedDomain,
  insertBlockedDomain,
  listBlockedDomains,
  remotePeopleNear,
} from './queries/blocked-domains';

/** How long a server trusts its copy of the block list; a change made in this process is seen at once. */
const listTtlMs = 30_000;

/**
 * A domain as the block list keeps it: lowercase, no trailing dot, a host name (no scheme, port or
 * path); undefined when it is not one. URL's own parser decides what a host name is.
 */
export function normalizeDomain(input: string): string | undefined {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (!domain || domain.length > 253 || /[/:@?#\s]/.test(domain)) return undefined;
  try {
    return new URL(`https://${domain}/`).hostname === domain ? domain : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a host is a blocked domain or under one (`a.example.com` is under `example.com`). */
export function hostIsBlocked(host: string, blocked: ReadonlySet<string>): boolean {
  let name = host.toLowerCase().replace(/\.$/, '');
  while (name) {
    if (blocked.has(name)) return true;
    const dot = name.indexOf('.');
    if (dot < 0) return false;
    name = name.slice(dot + 1);
  }
  return false;
}

const lists = new WeakMap<Db, { domains: Set<string>; loadedAt: number }>();

/** Whether a host is blocked, from a copy of the list kept for 30 seconds (every inbox request asks). */
export async function isBlockedHost(db: Db, host: string): Promise<boolean> {
  if (!host) return false;
  let list = lists.get(db);
  if (!list || Date.now() - list.loadedAt > listTtlMs) {
    const rows = await listBlockedDomains(db);
    list = { domains: new Set(rows.map((row) => row.domain)), loadedAt: Date.now() };
    lists.set(db, list);
  }
  return hostIsBlocked(host, list.domains);
}

export const blockedDomains = (db: Db): Promise<BlockedDomain[]> => listBlockedDomains(db);

/**
 * Blocks a domain and its subdomains (issue 49): every follow between its people and ours ends,
 * both ways, with no Undo sent (nothing is sent to a blocked server), and their pending follow
 * requests go. Answers whether it was newly blocked and how many follows ended.
 */
export async function blockDomain(db: Db, domain: string, reason: string) {
  const added = await insertBlockedDomain(db, domain, reason);
  lists.delete(db);
  const people = (await remotePeopleNear(db, domain)).filter((person) => {
    try {
      return person.actor_uri !== null && hostIsBlocked(new URL(person.actor_uri).hostname, new Set([domain]));
    } catch {
      return false;
    }
  });
  let ended = 0;
  for (const person of people) {
    await db.kysely.transaction().execute(async (trx) => {
      const pairs = await trx
        .selectFrom('follows')
        .select(['follower_id', 'followee_id'])
        .where((eb) => eb.or([eb('follower_id', '=', person.id), eb('followee_id', '=', person.id)]))
        .execute();
      for (const pair of pairs) {
        if ((await removeFollow(db, trx, pair.follower_id, pair.followee_id)) !== 'none') ended += 1;
      }
      // Their requests of our locked people, and ours of their locked people (decision 106).
      await trx
        .deleteFrom('follow_requests')
        .where((eb) => eb.or([eb('follower_id', '=', person.id), eb('followee_id', '=', person.id)]))
        .execute();
    });
  }
  return { added, endedFollows: ended };
}

export async function unblockDomain(db: Db, domain: string): Promise<boolean> {
  const removed = await deleteBlockedDomain(db, domain);
  lists.delete(db);
  return removed;
}
