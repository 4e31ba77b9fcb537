import crypto from 'node:crypto';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** A local person as their actor shows them; suspended people and remote rows are not actors here. */
export const findLocalActor = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('users')
    .select([
      'id',
      'public_id',
      'username',
      'firstname',
      'lastname',
      'bio',
      'avatar_url',
      'created_at',
      'follower_count',
      'following_count',
      'locked_account',
    ])
    .where('public_id', '=', publicId)
    .where('remote', '=', 0)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();

export const findLocalActorByUsername = (db: Db, username: string) =>
  db.kysely
    .selectFrom('users')
    .select(['id', 'public_id'])
    .where('username_key', '=', username.toLowerCase())
    .where('remote', '=', 0)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();

export const findRemotePerson = (db: Db, actorUri: string) =>
  db.kysely
    .selectFrom('users')
    .select(['id', 'public_id', 'username'])
    .where('actor_uri', '=', actorUri)
    .executeTakeFirst();

export interface RemotePerson {
  actorUri: string;
  /** `name@host` */
  username: string;
  name: string;
  bio: string;
  avatarUrl: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  profileUrl: string | null;
  /** The actor's `manuallyApprovesFollowers`: our follows of them wait for their Accept (decision 106). */
  locked?: boolean;
}

/** What of a remote person's row their actor document gives. */
const profileColumns = [
  'firstname',
  'lastname',
  'bio',
  'avatar_url',
  'inbox_url',
  'shared_inbox_url',
  'profile_url',
  'locked_account',
] as const;

/**
 * A remote person as a user row (issue 49): made the first time they are met, their profile
 * refreshed when it has changed. No password: a remote row can never sign in (an empty hash verifies nothing).
 */
export async function upsertRemotePerson(db: Db, person: RemotePerson): Promise<Key> {
  const at = nowIso();
  const [firstname, ...rest] = person.name.trim().split(/\s+/);
  const profile = {
    firstname: (firstname || person.username.split('@')[0] || '').slice(0, 100),
    lastname: rest.join(' ').slice(0, 100),
    bio: person.bio.slice(0, 500),
    avatar_url: person.avatarUrl,
    inbox_url: person.inboxUrl,
    shared_inbox_url: person.sharedInboxUrl,
    profile_url: person.profileUrl,
    locked_account: person.locked ? 1 : 0,
    updated_at: at,
  };
  const known = await db.kysely
    .selectFrom('users')
    .select(['id', ...profileColumns])
    .where('actor_uri', '=', person.actorUri)
    .executeTakeFirst();
  if (known) {
    // Each of their activities names them: the row is written only when their profile has changed
    // (an update of a user row also rewrites its search entries; 0.4 ms of every received Create).
    if (profileColumns.some((column) => known[column] !== profile[column])) {
      await db.kysely.updateTable('users').set(profile).where('id', '=', known.id).execute();
    }
    return known.id;
  }
  const inserted = await db.kysely
    .insertInto('users')
    .values({
      ...profile,
      public_id: crypto.randomUUID(),
      username: person.username,
      username_key: person.username.toLowerCase(),
      password_hash: '',
      website: person.profileUrl ?? '',
      token_version: 0,
      created_at: at,
      remote: 1,
      actor_uri: person.actorUri,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Met by another request at the same moment.
  const again = await findRemotePerson(db, person.actorUri);
  if (!again) throw new Error(`The remote person ${person.username} could not be stored.`);
  return again.id;
}

/** The remote people following a local person, with where to deliver to them. */
export const remoteFollowersOf = (db: Db, userId: Key) =>
  db.kysely
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .select(['users.actor_uri', 'users.inbox_url', 'users.shared_inbox_url'])
    .where('follows.followee_id', '=', userId)
    .where('users.remote', '=', 1)
    .execute();

/** Remote people by actor id, with where to deliver to them. */
export const remotePeopleByActorUri = (db: Db, actorUris: string[]) =>
  db.kysely
    .selectFrom('users')
    .select(['actor_uri', 'inbox_url', 'shared_inbox_url'])
    .where('actor_uri', 'in', actorUris)
    .where('remote', '=', 1)
    .execute();

/** Everyone following (or followed by) a local person, as actor ids: the remote ones' own, the local ones' public ids. */
export const followSide = (db: Db, userId: Key, side: 'followers' | 'following') =>
  db.kysely
    .selectFrom('follows')
    .innerJoin('users', 'users.id', side === 'followers' ? 'follows.follower_id' : 'follows.followee_id')
    .select(['users.public_id', 'users.actor_uri', 'users.inbox_url', 'users.shared_inbox_url'])
    .where(side === 'followers' ? 'follows.followee_id' : 'follows.follower_id', '=', userId)
    .orderBy('follows.created_at', 'desc')
    .limit(500)
    .execute();

/** How many local people there are (NodeInfo). */
export async function localCounts(db: Db) {
  const users = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('remote', '=', 0)
    .executeTakeFirstOrThrow();
  const posts = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_uri', 'is', null)
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), posts: Number(posts.n) };
}

/** A local person's public id (their actor's identifier) by key; undefined for a remote or suspended one. */
export const localPublicIdOf = async (db: Db, userId: Key) =>
  (
    await db.kysely
      .selectFrom('users')
      .select('public_id')
      .where('id', '=', userId)
      .where('remote', '=', 0)
      .where('suspended_at', 'is', null)
      .executeTakeFirst()
  )?.public_id;
