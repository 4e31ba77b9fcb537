import type { Db } from '../../../db/database';
import { nowIso, toApiTimestamp } from '../../../db/time';

export interface BlockedDomain {
  domain: string;
  reason: string;
  createdAt: string;
}

export async function listBlockedDomains(db: Db): Promise<BlockedDomain[]> {
  const rows = await db.kysely
    .selectFrom('federation_blocked_domains')
    .select(['domain', 'reason', 'created_at'])
    .orderBy('domain')
    .execute();
  return rows.map((row) => ({ domain: row.domain, reason: row.reason, createdAt: toApiTimestamp(row.created_at) }));
}

/** Answers false when the domain was already blocked (its reason is kept). */
export async function insertBlockedDomain(db: Db, domain: string, reason: string): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto('federation_blocked_domains')
    .values({ domain, reason, created_at: nowIso() })
    .onConflict((oc) => oc.column('domain').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteBlockedDomain(db: Db, domain: string): Promise<boolean> {
  const deleted = await db.kysely
    .deleteFrom('federation_blocked_domains')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Remote people whose actor may be on the domain (the caller checks each actor's host exactly). */
export const remotePeopleNear = (db: Db, domain: string) =>
  db.kysely
    .selectFrom('users')
    .select(['id', 'actor_uri'])
    .where('remote', '=', 1)
    .where('actor_uri', 'like', `%${domain}%`)
    .execute();
