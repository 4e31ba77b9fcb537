import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { DatabaseSchema } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** What `erased_actors` keeps of a value (migration 150): its SHA-256, in hex. */
const digestOf = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Remembers an erased local person by digests alone, inside the erasure's transaction, so that their
 * actor and profile URLs answer 410 Gone (decision 110).
 */
export async function recordErasedActor(
  on: Kysely<DatabaseSchema>,
  person: { public_id: string; username_key: string },
) {
  await on
    .insertInto('erased_actors')
    .values({
      actor_digest: digestOf(person.public_id),
      username_digest: digestOf(person.username_key),
      erased_at: nowIso(),
    })
    .onConflict((oc) => oc.column('actor_digest').doNothing())
    .execute();
}

/**
 * When a local person with this public id (an actor URL's identifier) or this username (a profile
 * URL's) was erased, or undefined: nobody by it was (a name or id never used, or a remote person).
 */
export async function erasedActorAt(db: Db, by: { publicId: string } | { username: string }) {
  const query = db.kysely.selectFrom('erased_actors').select('erased_at');
  const row = await ('publicId' in by
    ? query.where('actor_digest', '=', digestOf(by.publicId))
    : query.where('username_digest', '=', digestOf(by.username.toLowerCase()))
  )
    .orderBy('erased_at', 'desc')
    .executeTakeFirst();
  return row?.erased_at;
}
