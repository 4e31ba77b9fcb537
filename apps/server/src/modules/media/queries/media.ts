import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key, MediaRow } from '../../../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export interface NewMedia {
  publicId: string;
  ownerId: Key;
  key: string;
  type: 'image' | 'video';
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
  /** Alt text given with the upload (the client API's `description`). */
  description?: string | null;
}

/** Records an upload; answers its integer key. */
export async function insertMedia(db: Db, media: NewMedia): Promise<Key> {
  const { id } = await db.kysely
    .insertInto('media')
    .values({
      public_id: media.publicId,
      owner_id: media.ownerId,
      key: media.key,
      type: media.type,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      created_at: media.createdAt,
      post_id: null,
      description: media.description ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Bytes of stored media a person owns (the quota), from the (owner_id, bytes) index. */
export async function storedBytesOf(db: Db, ownerId: Key): Promise<number> {
  const row = await db.kysely
    .selectFrom('media')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('bytes'), eb.lit(0)).as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export const findMediaByKey = (db: Db, key: string) =>
  db.kysely.selectFrom('media').selectAll().where('key', '=', key).executeTakeFirst();

export async function deleteMediaRow(db: Db, id: Key): Promise<void> {
  await db.kysely.deleteFrom('media').where('id', '=', id).execute();
}

/** Raised inside a post's transaction when its upload was taken meanwhile: the post is not written. */
export class MediaUnavailableError extends Error {}

/**
 * Attaches an upload to a post, in the post's transaction: only the owner's, and only if no other
 * post shows it (two posts racing for one upload: one wins, the other rolls back).
 */
export async function claimMedia(trx: Executor, mediaId: Key, ownerId: Key, postId: Key): Promise<void> {
  const result = await trx
    .updateTable('media')
    .set({ post_id: postId })
    .where('id', '=', mediaId)
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('post_id', 'is', null), eb('post_id', '=', postId)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new MediaUnavailableError();
}

/** Detaches a post's uploads except those it keeps; answers the detached rows (their files go next). */
export async function detachMedia(trx: Executor, postId: Key, keepIds: readonly Key[] = []): Promise<MediaRow[]> {
  let query = trx.selectFrom('media').selectAll().where('post_id', '=', postId);
  if (keepIds.length) query = query.where('id', 'not in', keepIds);
  const rows = await query.execute();
  if (rows.length) {
    await trx
      .updateTable('media')
      .set({ post_id: null })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return rows;
}

/** Uploads no post shows, made before `before`: what the sweep removes. */
export const unattachedMediaBefore = (db: Db, before: string, limit: number) =>
  db.kysely
    .selectFrom('media')
    .selectAll()
    .where('post_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** Which of these keys have a row. */
export async function knownMediaKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await db.kysely.selectFrom('media').select('key').where('key', 'in', part).execute();
    for (const row of rows) known.add(row.key);
  }
  return known;
}

/** One upload by its public id (the client API's MediaAttachment id), whoever owns it. */
export const findMediaByPublicId = (db: Db, publicId: string) =>
  db.kysely.selectFrom('media').selectAll().where('public_id', '=', publicId).executeTakeFirst();

/** Writes an upload's alt text (null: none), while no post shows it yet; answers whether it did. */
export async function describeMedia(db: Db, id: Key, description: string | null): Promise<boolean> {
  const result = await db.kysely
    .updateTable('media')
    .set({ description })
    .where('id', '=', id)
    .where('post_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
