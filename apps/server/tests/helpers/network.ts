import crypto from 'node:crypto';
import type { Db } from '../../src/db/database';
import { insertPost } from '../../src/queries/posts';
import { insertUser } from '../../src/queries/users';

/**
 * Builds test networks straight in the database, where going through the API would only add time
 * (argon2 per signup) and nothing under test. The password hash is not a valid one: these people
 * never log in.
 */
export async function addUser(db: Db, username: string): Promise<string> {
  const id = crypto.randomUUID();
  const created = await insertUser(db, {
    id,
    username,
    firstname: 'Test',
    lastname: username,
    passwordHash: 'not-a-hash',
    avatarUrl: '/avatars/default.svg',
  });
  if (!created) throw new Error(`username ${username} is taken`);
  return id;
}

/** Posts by one author; `at` gives them all the same creation time (ties broken by id). */
export async function addPosts(db: Db, authorId: string, count: number, at?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await insertPost(db, {
      id,
      authorId,
      content: `post ${i}`,
      image: null,
      mediaType: null,
      alt: null,
      mediaWidth: null,
      mediaHeight: null,
      mediaId: null,
      ...(at ? { createdAt: at } : {}),
    });
    ids.push(id);
  }
  return ids;
}
