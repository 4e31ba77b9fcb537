import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

const noteColumns = [
  'posts.id',
  'posts.public_id',
  'posts.content',
  'posts.image',
  'posts.media_type',
  'posts.alt',
  'posts.visibility',
  'posts.created_at',
  'posts.edited_at',
  'posts.removed_at',
  'users.public_id as author_public_id',
  'users.remote as author_remote',
  'posts.author_id',
  'posts.workout_id',
] as const;

/** A local post as its Note shows it (removed ones and remote ones are not ours to publish). */
export const findLocalNote = (db: Db, where: { id: Key } | { publicId: string }) => {
  const query = db.kysely
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select(noteColumns)
    .where('posts.removed_at', 'is', null)
    .where('users.remote', '=', 0)
    .where('users.suspended_at', 'is', null);
  return (
    'id' in where ? query.where('posts.id', '=', where.id) : query.where('posts.public_id', '=', where.publicId)
  ).executeTakeFirst();
};

export type LocalNote = NonNullable<Awaited<ReturnType<typeof findLocalNote>>>;

/** A person's latest public posts (their outbox). */
export const latestPublicNotes = (db: Db, userId: Key, max: number) =>
  db.kysely
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select(noteColumns)
    .where('posts.author_id', '=', userId)
    .where('posts.visibility', '=', 'public')
    .where('posts.removed_at', 'is', null)
    .orderBy('posts.created_at', 'desc')
    .limit(max)
    .execute();

export const countPublicNotes = async (db: Db, userId: Key) =>
  Number(
    (
      await db.kysely
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', userId)
        .where('visibility', '=', 'public')
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const postByObjectUri = (db: Db, objectUri: string) =>
  db.kysely.selectFrom('posts').select(['id', 'public_id']).where('object_uri', '=', objectUri).executeTakeFirst();

/** A remote person's post by public id: its Note's id and its author's actor (whom a like is sent to). */
export const remotePostOf = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select(['posts.id', 'posts.object_uri', 'users.actor_uri as author_actor_uri'])
    .where('posts.public_id', '=', publicId)
    .where('users.remote', '=', 1)
    .executeTakeFirst();

/** A remote person's post by its Note's id, with its author's actor: who may change it. */
export const remotePostByObjectUri = (db: Db, objectUri: string) =>
  db.kysely
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select([
      'posts.id',
      'posts.public_id',
      'posts.author_id',
      'posts.visibility',
      'users.actor_uri as author_actor_uri',
    ])
    .where('posts.object_uri', '=', objectUri)
    .executeTakeFirst();

/** The actor of a post's author when they are remote (a comment on their post is sent to them). */
export const remoteAuthorOfPost = async (db: Db, postId: Key) =>
  (
    await db.kysely
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select('users.actor_uri')
      .where('posts.id', '=', postId)
      .where('users.remote', '=', 1)
      .executeTakeFirst()
  )?.actor_uri ?? undefined;

/** A remote post's new text from its author's Update (the row's author must be that actor). */
export async function editRemotePostText(db: Db, objectUri: string, authorActorUri: string, content: string) {
  const at = nowIso();
  await db.kysely
    .updateTable('posts')
    .set({ content, edited_at: at, updated_at: at })
    .where('object_uri', '=', objectUri)
    .where('author_id', '=', (eb) =>
      eb.selectFrom('users').select('id').where('actor_uri', '=', authorActorUri).where('remote', '=', 1),
    )
    .execute();
}

/** A post's visibility (only a public one may be boosted), removed posts none. */
export const postVisibilityOf = async (db: Db, postId: Key) =>
  (
    await db.kysely
      .selectFrom('posts')
      .select('visibility')
      .where('id', '=', postId)
      .where('removed_at', 'is', null)
      .executeTakeFirst()
  )?.visibility;
