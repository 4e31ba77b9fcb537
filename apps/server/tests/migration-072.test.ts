import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { visibleCounts } from '../src/db/migrations/072-visible-counts';
import { useTestApp } from './helpers/test-app';

/**
 * 072-visible-counts: a database from before it holds counters that still count a removed post, a
 * removed comment and a suspended person's follows, likes and comments (decision 046). The migration
 * counts them again, and the profile and the post then show what people can see.
 */
const t = useTestApp();

const get = (url: string, token: string) => t().call('GET', url, { token });

describe('migration 072 (counters of what people may see)', () => {
  it('counts existing rows again, leaving out removed content and suspended people', async () => {
    const mod = await t().signup('m72_mod');
    await runAdminCommand(t().db, t().config, ['grant', 'm72_mod']);
    const star = await t().signup('m72_star');
    const troll = await t().signup('m72_troll');
    const fan = await t().signup('m72_fan');
    const post = async (token: string, content: string) =>
      (
        await t().call('POST', '/api/posts', {
          token,
          body: { postData: { content } },
          headers: { prefer: 'return=minimal' },
        })
      ).json().post._id as string;
    const postId = await post(star.token, 'Kept');
    const removedId = await post(star.token, 'Removed');
    for (const who of [troll, fan]) {
      await t().call('POST', `/api/users/follow/${star.userId}`, { token: who.token });
      await t().call('POST', `/api/posts/like/${postId}`, { token: who.token });
      await t().call('POST', `/api/posts/${postId}/comments`, {
        token: who.token,
        body: { commentData: { content: `From ${who.userId}` } },
      });
    }
    await t().call('POST', `/api/users/follow/${troll.userId}`, { token: star.token });

    // The state an older server left: removed and suspended in the rows, the counters untouched.
    const now = new Date().toISOString();
    const k = t().db.kysely;
    await k.updateTable('posts').set({ removed_at: now }).where('public_id', '=', removedId).execute();
    await k.updateTable('users').set({ suspended_at: now }).where('public_id', '=', troll.userId).execute();
    await sql`update users set
      follower_count = (select count(*) from follows where followee_id = users.id),
      following_count = (select count(*) from follows where follower_id = users.id),
      post_count = (select count(*) from posts where author_id = users.id)`.execute(k);
    await sql`update posts set
      like_count = (select count(*) from likes where post_id = posts.id),
      comment_count = (select count(*) from comments where post_id = posts.id)`.execute(k);
    const profile = async () => (await get('/api/users/profile/m72_star', mod.token)).json().profile;
    const shown = async () => (await get(`/api/posts/${postId}`, mod.token)).json().post;
    expect([(await profile()).postCount, (await profile()).followerCount, (await profile()).followingCount]).toEqual([
      2, 2, 1,
    ]);

    await visibleCounts().up(k as never);
    const after = await profile();
    expect([after.postCount, after.followerCount, after.followingCount]).toEqual([1, 1, 0]);
    const kept = await shown();
    expect([kept.likes.likeCount, kept.commentCount]).toEqual([1, 1]);
    const card = (await get(`/api/posts/${postId}/card`, mod.token)).json().post;
    expect([card.likeCount, card.commentCount]).toEqual([1, 1]);
  });
});
