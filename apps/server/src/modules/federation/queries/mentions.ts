import type { Db } from '../../../db/database';

/** The people a text names, by lowercased username: where each is (their actor, their page). */
export async function mentionTargets(db: Db, usernames: string[]) {
  const rows =
    usernames.length === 0
      ? []
      : await db.kysely
          .selectFrom('users')
          .select(['public_id', 'username', 'username_key', 'remote', 'actor_uri', 'profile_url'])
          .where('username_key', 'in', usernames)
          .where('suspended_at', 'is', null)
          .execute();
  return new Map(rows.map((row) => [row.username_key, row]));
}
