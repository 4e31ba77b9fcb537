import type { SecurityEvent, SecurityEventKind } from '@spotter/contract/schemas';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { badRequest } from '../../../errors';
import type { Keyset } from '../../../paging/cursor';
import type { SessionOrigin } from './sessions';

/** How long the log keeps an entry: older ones go when the person's next one is written. */
export const securityLogDays = 90;

export async function recordSecurityEvent(
  db: Db,
  userId: Key,
  kind: SecurityEventKind,
  origin: SessionOrigin,
): Promise<void> {
  const now = nowIso();
  await db.kysely
    .insertInto('security_events')
    .values({ user_id: userId, kind, ip: origin.ip, user_agent: origin.userAgent, created_at: now })
    .execute();
  const old = new Date(Date.now() - securityLogDays * 86_400_000).toISOString();
  await db.kysely.deleteFrom('security_events').where('user_id', '=', userId).where('created_at', '<', old).execute();
}

export interface SecurityLogPage {
  events: SecurityEvent[];
  next: Keyset | undefined;
}

/** The cursor's `i` is the last entry's integer key, as decimal text (the log has no public id). */
function afterKey(after: Keyset | undefined): number | undefined {
  if (!after) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(after.i)) throw badRequest('cursor: is not a cursor this server gave out');
  return Number(after.i);
}

/** One page of a person's log, newest first, through the (user_id, id) index. */
export async function securityLogPage(
  db: Db,
  userId: Key,
  limit: number,
  after: Keyset | undefined,
): Promise<SecurityLogPage> {
  const before = afterKey(after);
  let query = db.kysely
    .selectFrom('security_events')
    .select(['id', 'kind', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({
      kind: row.kind as SecurityEventKind,
      at: toApiTimestamp(row.created_at),
      ip: row.ip,
      userAgent: row.user_agent,
    })),
    next:
      rows.length > limit && last
        ? { t: toApiTimestamp(last.created_at).replace('+00:00', 'Z'), i: String(last.id) }
        : undefined,
  };
}
