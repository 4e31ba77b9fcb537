import crypto from 'node:crypto';
import type { Db } from '../../src/db/database';
import type { Key } from '../../src/db/schema';
import { findUserByPublicId, insertUser } from '../../src/modules/accounts/queries/users';
import { insertPost } from '../../src/modules/posts/queries/posts';

/**
 * Builds test networks straight in the database, where going through the API would only add time
 * (argon2 per signup) and nothing under test. The password hash is not a valid one: these people
 * never log in.
 */
/** A person; answers their public id (the `_id` of the API). */
export async function addUser(db: Db, username: string): Promise<string> {
  const id = crypto.randomUUID();
  const created = await insertUser(db, {
    publicId: id,
    username,
    firstname: 'Test',
    lastname: username,
    passwordHash: 'not-a-hash',
    avatarUrl: '/avatars/default.svg',
  });
  if (created === undefined) throw new Error(`username ${username} is taken`);
  return id;
}

/** A person's integer key, from their public id. */
export async function keyOfUser(db: Db, publicId: string): Promise<Key> {
  const row = await findUserByPublicId(db, publicId);
  if (!row) throw new Error(`no user ${publicId}`);
  return row.id;
}

/**
 * Posts by one author (by public id); `at` gives them all the same creation time (ties broken by
 * id). Answers their public ids.
 */
export async function addPosts(db: Db, authorPublicId: string, count: number, at?: string): Promise<string[]> {
  const authorId = await keyOfUser(db, authorPublicId);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await insertPost(db, {
      publicId: id,
      authorId,
      content: `post ${i}`,
      image: null,
      mediaType: null,
      alt: null,
      mediaWidth: null,
      mediaHeight: null,
      photos: null,
      mediaIds: [],
      ...(at ? { createdAt: at } : {}),
    });
    ids.push(id);
  }
  return ids;
}
