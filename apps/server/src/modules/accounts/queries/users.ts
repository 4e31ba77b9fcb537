import type { User, UserSummary } from '@spotter/contract';
import { chunks, groupBy } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import { type Key, noKey, type SignedInUser, signedInColumns, type UserRow } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { type Bounded, newestInListOrder } from '../../../paging/bounded';
import { postVisibleTo, userOpensTo, userVisibleTo, type ViewerKey } from '../../safety';
import { accountEmailOf } from './account-emails';

export const summaryColumns = [
  'users.id',
  'users.public_id',
  'users.username',
  'users.firstname',
  'users.lastname',
  'users.avatar_url',
  // A person on another server is marked in every answer that names them (decision 093).
  'users.remote',
] as const;

export type SummaryRow = Pick<UserRow, 'public_id' | 'username' | 'firstname' | 'lastname' | 'avatar_url'>;

/** `remote` is read where the row has it (summaryColumns, whole rows): a remote person is marked (decision 093). */
export const toUserSummary = (row: SummaryRow & { remote?: number }): UserSummary => ({
  _id: row.public_id,
  username: row.username,
  firstname: row.firstname,
  lastname: row.lastname,
  avatarUrl: row.avatar_url,
  ...(row.remote ? { remote: true as const } : {}),
});

export const findUserById = (db: Db, id: Key) =>
  db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** By the UUID the API shows as `_id` (a URL, a token). */
export const findUserByPublicId = async (db: Db, publicId: string): Promise<UserRow | undefined> =>
  (await userByPublicIdQuery(db, 'one', { publicId }))[0];

const userByPublicIdQuery = prepared((db: Db, args: { publicId: string }) =>
  db.kysely.selectFrom('users').selectAll().where('public_id', '=', args.publicId),
);

/** What a signed-in request knows of its user (decision 055), by the UUID its token carries. */
export const findSignedInUser = async (db: Db, publicId: string): Promise<SignedInUser | undefined> =>
  (await signedInUserQuery(db, 'one', { publicId }))[0];

// Compiled once: every request signed with a token made before sessions reads it (require-user.ts).
const signedInUserQuery = prepared((db: Db, args: { publicId: string }) =>
  db.kysely.selectFrom('users').select(signedInColumns).where('public_id', '=', args.publicId),
);

/** Usernames are unique regardless of case, and found regardless of case. */
export const findUserByUsername = (db: Db, username: string) =>
  db.kysely.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();

/**
 * Someone whose pages the viewer may open, by username: someone they may see (not suspended, no block
 * either way), or for a moderator also a suspended person (`userOpensTo`, decision 048).
 */
export const findProfileUser = async (
  db: Db,
  username: string,
  viewerId: ViewerKey,
  moderator: boolean,
): Promise<UserRow | undefined> =>
  (
    await profileUserQuery(db, viewerId === undefined ? 'anonymous' : moderator ? 'moderator' : 'viewer', {
      usernameKey: username.toLowerCase(),
      viewer: viewerId ?? noKey,
    })
  )[0];

// Compiled once: every profile page reads it first.
const profileUserQuery = prepared(
  (db: Db, args: { usernameKey: string; viewer: Key }, shape: 'anonymous' | 'viewer' | 'moderator') =>
    db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', args.usernameKey)
      .where(userOpensTo(shape === 'anonymous' ? undefined : args.viewer, shape === 'moderator')),
);

/** As findUserByPublicId, but only someone the viewer may see. */
export const findVisibleUserByPublicId = (db: Db, publicId: string, viewerId: ViewerKey) =>
  db.kysely
    .selectFrom('users')
    .selectAll()
    .where('public_id', '=', publicId)
    .where(userVisibleTo(viewerId))
    .executeTakeFirst();

export interface NewUser {
  /** The public UUID; the integer key comes from the database. */
  publicId: string;
  username: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  avatarUrl: string;
  bio?: string;
  website?: string;
  createdAt?: string;
}

/** Inserts a user; undefined when the username (in any case) is taken, decided by the unique key. */
export async function insertUser(db: Db, user: NewUser): Promise<Key | undefined> {
  const at = user.createdAt ?? nowIso();
  const result = await db.kysely
    .insertInto('users')
    .values({
      public_id: user.publicId,
      username: user.username,
      username_key: user.username.toLowerCase(),
      firstname: user.firstname,
      lastname: user.lastname,
      password_hash: user.passwordHash,
      bio: user.bio ?? '',
      website: user.website ?? '',
      avatar_url: user.avatarUrl,
      token_version: 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('username_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result?.id;
}

export interface ProfileChanges {
  avatarUrl?: string;
  bio?: string;
  website?: string;
  firstname?: string;
  lastname?: string;
}

export async function updateProfile(db: Db, userId: Key, changes: ProfileChanges): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({
      ...(changes.avatarUrl !== undefined ? { avatar_url: changes.avatarUrl } : {}),
      ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
      ...(changes.website !== undefined ? { website: changes.website } : {}),
      ...(changes.firstname !== undefined ? { firstname: changes.firstname } : {}),
      ...(changes.lastname !== undefined ? { lastname: changes.lastname } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a new password hash and raises token_version, which retires every earlier token. Only when
 * token_version is still the one the caller's token carries: of two concurrent changes made with the
 * same token, one wins and the other gets undefined (its token was retired meanwhile).
 */
export async function changePasswordHash(
  db: Db,
  userId: Key,
  passwordHash: string,
  expectedVersion: number,
): Promise<number | undefined> {
  const row = await db.kysely
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      token_version_reason: 'password_changed',
      updated_at: nowIso(),
    }))
    .where('id', '=', userId)
    .where('token_version', '=', expectedVersion)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/**
 * Stores the same password hashed with today's settings (login, decision 054). Tokens stay valid: the
 * password did not change. Only if the hash is still the one login verified, so that a password
 * changed meanwhile is not undone.
 */
export async function replacePasswordHash(db: Db, userId: Key, verifiedHash: string, newHash: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', verifiedHash)
    .execute();
}

/**
 * The full user objects of SPEC §3 (bookmarks, followers, following), in batched queries. Bookmarks
 * are private (decision 015): only the viewer's own object carries them, everyone else's is empty,
 * and they hold only the posts the viewer may still see (issue 45, finding 12: a post turned private
 * since), as GET /api/users/bookmark does. Followers and following hold only the people the viewer may
 * see (`userVisibleTo`: not suspended, no block either way), as the paged follow lists do (finding 11).
 */
export async function toFullUsers(db: Db, rows: UserRow[], viewerId: Key | undefined): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const ownBookmarks = viewerId !== undefined && ids.includes(viewerId) ? [viewerId] : [];
  const bookmarks: { user_id: Key; post_id: string }[] = [];
  const followers: (SummaryRow & { of: Key })[] = [];
  const following: (SummaryRow & { of: Key })[] = [];
  if (ownBookmarks.length > 0) {
    bookmarks.push(
      ...(await db.kysely
        .selectFrom('bookmarks')
        .innerJoin('posts', 'posts.id', 'bookmarks.post_id')
        .select(['bookmarks.user_id', 'posts.public_id as post_id'])
        .where('bookmarks.user_id', 'in', ownBookmarks)
        .where(postVisibleTo(viewerId))
        .orderBy('bookmarks.created_at')
        .orderBy('posts.public_id')
        .execute()),
    );
  }
  for (const part of chunks(ids)) {
    followers.push(
      ...(await db.kysely
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .select([...summaryColumns, 'follows.followee_id as of'])
        .where('follows.followee_id', 'in', part)
        .where(userVisibleTo(viewerId))
        .orderBy('follows.created_at')
        .orderBy('users.public_id')
        .execute()),
    );
    following.push(
      ...(await db.kysely
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followee_id')
        .select([...summaryColumns, 'follows.follower_id as of'])
        .where('follows.follower_id', 'in', part)
        .where(userVisibleTo(viewerId))
        .orderBy('follows.created_at')
        .orderBy('users.public_id')
        .execute()),
    );
  }
  // The person's email is theirs alone (issue 45): only their own object carries it.
  // A person who never gave one gets no field: their answers stay as the spec wrote them.
  const email = viewerId !== undefined && ownBookmarks.length > 0 ? await accountEmailOf(db, viewerId) : undefined;
  const ownEmail = email && (email.address !== null || email.pending !== null) ? email : undefined;
  const bookmarksOf = groupBy(bookmarks, (b) => b.user_id);
  const followersOf = groupBy(followers, (f) => f.of);
  const followingOf = groupBy(following, (f) => f.of);
  return rows.map((row) => ({
    ...toUserSummary(row),
    bio: row.bio,
    website: row.website,
    bookmarks: (bookmarksOf.get(row.id) ?? []).map((b) => b.post_id),
    followers: (followersOf.get(row.id) ?? []).map(toUserSummary),
    following: (followingOf.get(row.id) ?? []).map(toUserSummary),
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
    ...(ownEmail && row.id === viewerId ? { email: ownEmail } : {}),
  }));
}

export async function fullUser(db: Db, row: UserRow, viewerId: Key | undefined): Promise<User> {
  const [user] = await toFullUsers(db, [row], viewerId);
  if (!user) throw new Error(`user ${row.public_id} vanished while loading`);
  return user;
}

/** The newest `max` users, in list order (oldest first). */
export async function allUsers(db: Db, viewerId: Key | undefined, max: number): Promise<Bounded<User>> {
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where(userVisibleTo(viewerId))
    .orderBy('created_at', 'desc')
    .orderBy('public_id', 'desc')
    .limit(max + 1)
    .execute();
  const bounded = newestInListOrder(rows, max);
  return { items: await toFullUsers(db, bounded.items, viewerId), cut: bounded.cut };
}

/** Which of these usernames (lowercased) someone here has, remote people's included. */
export async function knownUsernames(db: Db, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const keys = usernames.map((u) => u.toLowerCase());
  const rows = await db.kysely.selectFrom('users').select('username_key').where('username_key', 'in', keys).execute();
  return rows.map((r) => r.username_key);
}

/** The keys of the users with these usernames (regardless of case), in the order given. */
export async function userKeysByUsernames(db: Db, usernames: string[]): Promise<Key[]> {
  if (usernames.length === 0) return [];
  const keys = usernames.map((u) => u.toLowerCase());
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'username_key'])
    .where('username_key', 'in', keys)
    .execute();
  const byName = new Map(rows.map((r) => [r.username_key, r.id]));
  return keys.flatMap((k) => {
    const id = byName.get(k);
    return id === undefined ? [] : [id];
  });
}
