import type { Db } from '../../../db/database';
import { nowIso, toApiTimestamp } from '../../../db/time';

/**
 * Marks failing the follows a dropped delivery served (decision 096): the remote followers whose
 * inbox or shared inbox it was addressed to, of the local people who sent it (all of them when it
 * does not say). A follow already failing keeps its first date.
 */
export async function markFollowsFailing(db: Db, inbox: string, senderPublicIds: string[]): Promise<number> {
  let query = db.kysely
    .updateTable('follows')
    .set({ failing_since: nowIso() })
    .where('failing_since', 'is', null)
    .where('follower_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where('remote', '=', 1)
        .where((w) => w.or([w('inbox_url', '=', inbox), w('shared_inbox_url', '=', inbox)])),
    );
  if (senderPublicIds.length > 0) {
    query = query.where('followee_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where('public_id', 'in', senderPublicIds).where('remote', '=', 0),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The servers with failing follows, for moderators: host, how many follows, since when. */
export async function failingServers(db: Db) {
  const rows = await db.kysely
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .select(['users.actor_uri', 'follows.failing_since'])
    .where('follows.failing_since', 'is not', null)
    .where('users.remote', '=', 1)
    .limit(5000)
    .execute();
  const byHost = new Map<string, { host: string; follows: number; since: string }>();
  for (const row of rows) {
    if (!row.actor_uri || !row.failing_since) continue;
    const host = new URL(row.actor_uri).hostname;
    const since = toApiTimestamp(row.failing_since);
    const known = byHost.get(host);
    if (!known) byHost.set(host, { host, follows: 1, since });
    else {
      known.follows += 1;
      if (since < known.since) known.since = since;
    }
  }
  return [...byHost.values()].sort((a, b) => a.host.localeCompare(b.host));
}
