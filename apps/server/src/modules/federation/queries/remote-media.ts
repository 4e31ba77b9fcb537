import crypto from 'node:crypto';
import type { Db } from '../../../db/database';
import { nowIso } from '../../../db/time';

/** The path a remote file is shown under: ours, so the browser never asks its server (decision 101). */
export const remoteMediaPathPrefix = '/media/remote';

export const remoteMediaKeyOf = (url: string) => crypto.createHash('sha256').update(url).digest('hex');

export const isRemoteMediaKey = (value: string) => /^[0-9a-f]{64}$/.test(value);

/**
 * Records a remote file a post or an avatar shows, and answers the path of ours it is shown under.
 * Nothing is fetched now: a file is fetched when first viewed, so a flood of Notes fills no disk.
 */
export async function rememberRemoteMedia(db: Db, url: string): Promise<string> {
  const key = remoteMediaKeyOf(url);
  await db.kysely
    .insertInto('remote_media')
    .values({ key, url, created_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return `${remoteMediaPathPrefix}/${key}`;
}

export const findRemoteMedia = (db: Db, key: string) =>
  db.kysely.selectFrom('remote_media').selectAll().where('key', '=', key).executeTakeFirst();

export async function markRemoteMediaFetched(db: Db, key: string, contentType: string, byteSize: number) {
  await db.kysely
    .updateTable('remote_media')
    .set({ content_type: contentType, byte_size: byteSize, fetched_at: nowIso() })
    .where('key', '=', key)
    .execute();
}

/** Fetched files after `afterKey` in key order, a batch at a time (for the sweep). */
export const fetchedRemoteMediaAfter = (db: Db, afterKey: string, limit: number) =>
  db.kysely
    .selectFrom('remote_media')
    .select(['key', 'url', 'content_type', 'fetched_at'])
    .where('content_type', 'is not', null)
    .where('key', '>', afterKey)
    .orderBy('key')
    .limit(limit)
    .execute();

/** The file is no longer stored: the next view fetches it again. */
export async function markRemoteMediaDropped(db: Db, key: string) {
  await db.kysely
    .updateTable('remote_media')
    .set({ content_type: null, byte_size: null, fetched_at: null })
    .where('key', '=', key)
    .execute();
}
