import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPageSize } from '../src/modules/accounts/queries/account-export';
import { startTestApp, type TestApp } from './helpers/test-app';
import { json, unzip } from './helpers/unzip';

/**
 * The export reads each list a page at a time (modules/accounts/queries/account-export.ts); these lists are longer
 * than two pages, and three rows share each time, so that ties straddle the page ends: every row is
 * answered once, in time order and then key order.
 */
describe('an account export of lists longer than a page', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let ana: { token: string; userId: string };
  const count = exportPageSize * 2 + 5;
  const timeOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
  let likedPosts: string[];
  let followers: string[];

  beforeAll(async () => {
    const started = await startTestApp();
    t = started.testApp;
    drop = started.db.drop;
    ana = await t.signup('pages_ana');
    const k = t.db.kysely;
    const anaKey = (
      await k.selectFrom('users').select('id').where('public_id', '=', ana.userId).executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    // Inserted in order: keys ascend with i, so time-then-key order is the order of i.
    followers = [];
    likedPosts = [];
    for (let i = 0; i < count; i++) {
      const userId = crypto.randomUUID();
      const { id: userKey } = await k
        .insertInto('users')
        .values({
          public_id: userId,
          username: `pages_${i}`,
          username_key: `pages_${i}`,
          firstname: 'Page',
          lastname: `${i}`,
          password_hash: 'not-a-hash',
          bio: '',
          website: '',
          avatar_url: '',
          token_version: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const postId = crypto.randomUUID();
      const { id: postKey } = await k
        .insertInto('posts')
        .values({
          public_id: postId,
          author_id: userKey,
          content: `post ${i}`,
          like_count: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('likes')
        .values({ post_id: postKey, user_id: anaKey, created_at: timeOf(i) })
        .execute();
      await k
        .insertInto('follows')
        .values({ follower_id: userKey, followee_id: anaKey, created_at: timeOf(i) })
        .execute();
      followers.push(userId);
      likedPosts.push(postId);
    }
  });

  afterAll(async () => {
    await t?.app.close();
    await drop?.();
  });

  it('answers every like and every follower once, in the order they were made', async () => {
    const res = await t.call('GET', '/api/users/me/export', { token: ana.token });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(json(entries, 'likes.json').map((like: { postId: string }) => like.postId)).toEqual(likedPosts);
    expect(json(entries, 'follows.json').followers.map((f: { _id: string }) => f._id)).toEqual(followers);
  });
});
