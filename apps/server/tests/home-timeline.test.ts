import type { CardPost } from '@spotter/contract';
import { postPageSchema } from '@spotter/contract/schemas';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { homeTimelines } from '../src/db/migrations/007-home-timelines';
import { boostEntries } from '../src/db/migrations/141-boosts';
import { followersToTellOfPost } from '../src/modules/notifications/new-post-event';
import { trimEvery } from '../src/modules/posts/queries/home-timeline';
import { followUser } from '../src/modules/social/queries/follows';
import { addPosts, addUser, keyOfUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

/** A short timeline and a low fan-out limit, so that trimming, old pages and merged authors all happen. */
const length = 5;
const fanoutFollowerLimit = 3;
const t = useTestApp((defaults) => ({
  homeTimeline: { ...defaults.homeTimeline, length, fanoutFollowerLimit },
}));

const ids = (posts: { _id: string }[]) => posts.map((p) => p._id);
const newestFirst = (a: CardPost, b: CardPost) =>
  b.createdAt.localeCompare(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

async function walk(token: string, limit: number): Promise<CardPost[]> {
  const posts: CardPost[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/feed?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t().call('GET', url, { token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const page = postPageSchema.parse(res.json());
    posts.push(...page.posts);
    cursor = page.nextCursor;
    if (posts.length > 10_000) throw new Error('the cursor never ends');
  } while (cursor);
  return posts;
}

/** The home feed as it must be: every post of these authors, newest first (read from explore). */
async function expected(authors: string[]): Promise<string[]> {
  const all: CardPost[] = [];
  let cursor: string | null = null;
  do {
    const res = await t().call('GET', `/api/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const page = postPageSchema.parse(res.json());
    all.push(...page.posts);
    cursor = page.nextCursor;
  } while (cursor);
  return ids(all.filter((p) => authors.includes(p.author._id)).sort(newestFirst));
}

/** Every page size walks the same feed as the expected one: no post lost or repeated, same order. */
async function expectFeed(token: string, authors: string[]) {
  const want = await expected(authors);
  for (const limit of [1, 2, 3, 7, 100]) {
    expect(ids(await walk(token, limit)), `limit ${limit}`).toEqual(want);
  }
  return want;
}

async function post(token: string, content: string): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData: { content } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().post._id;
}

const timelineOf = async (publicId: string) =>
  t()
    .db.kysely.selectFrom('home_timeline')
    .select('post_id')
    .where('viewer_id', '=', await keyOfUser(t().db, publicId))
    .execute();

describe('home timelines precomputed on write: the feed stays exactly what it was', { timeout: 180_000 }, () => {
  it('with fan-out, across follow, unfollow and delete, past the bounded length', async () => {
    const me = await t().signup('tl_me');
    const ana = await t().signup('tl_ana');
    const bo = await t().signup('tl_bo');
    const stranger = await t().signup('tl_stranger');
    for (const who of [ana, bo]) {
      expect((await t().call('POST', `/api/users/follow/${who.userId}`, { token: me.token })).statusCode).toBe(200);
    }
    // Enough posts that every timeline is trimmed several times over.
    for (let i = 0; i < 3 * trimEvery; i++) {
      await post([me, ana, bo, stranger][i % 4]?.token ?? '', `post ${i}`);
    }
    await t().app.fanout.idle();
    const pending = await t().db.kysely.selectFrom('fanout_pending').select('post_id').execute();
    expect(pending).toEqual([]);
    // Bounded: trimmed to `length` now and then, so at most `trimEvery` more.
    expect((await timelineOf(me.userId)).length).toBeLessThan(length + trimEvery);
    const horizon = await t()
      .db.kysely.selectFrom('home_timeline_horizons')
      .select('horizon')
      .where('viewer_id', '=', await keyOfUser(t().db, me.userId))
      .executeTakeFirst();
    expect(horizon).toBeDefined();
    const before = await expectFeed(me.token, [me.userId, ana.userId, bo.userId]);
    expect(before.length).toBeGreaterThan(3 * length);

    // Unfollow: bo's posts leave at once; follow again: they are back at once.
    await t().call('POST', `/api/users/unfollow/${bo.userId}`, { token: me.token });
    await expectFeed(me.token, [me.userId, ana.userId]);
    await t().call('POST', `/api/users/follow/${bo.userId}`, { token: me.token });
    await expectFeed(me.token, [me.userId, ana.userId, bo.userId]);
    // Following someone new with a long past.
    await t().call('POST', `/api/users/follow/${stranger.userId}`, { token: me.token });
    await expectFeed(me.token, [me.userId, ana.userId, bo.userId, stranger.userId]);

    // A deleted post leaves every feed, the newest and an old one.
    const [newest] = before;
    const old = before[before.length - 2] ?? '';
    for (const postId of [newest, old]) {
      const author = (await t().call('GET', `/api/posts/${postId}`)).json().post.username as string;
      const token = [me, ana, bo].find((_, i) => ['tl_me', 'tl_ana', 'tl_bo'][i] === author)?.token;
      expect((await t().call('DELETE', `/api/posts/${postId}`, { token })).statusCode).toBeLessThan(300);
    }
    const after = await expectFeed(me.token, [me.userId, ana.userId, bo.userId, stranger.userId]);
    expect(after).not.toContain(newest);
    expect(after).not.toContain(old);

    // The first pages do come from the timeline: a row taken out of it (by hand) is missing there.
    const [top] = after;
    const topKey = (
      await t()
        .db.kysely.selectFrom('posts')
        .select('id')
        .where('public_id', '=', top ?? '')
        .executeTakeFirstOrThrow()
    ).id;
    const meKey = await keyOfUser(t().db, me.userId);
    await t()
      .db.kysely.deleteFrom('home_timeline')
      .where('viewer_id', '=', meKey)
      .where('post_id', '=', topKey)
      .execute();
    expect(ids(await walk(me.token, 2)).slice(0, 2)).toEqual(after.slice(1, 3));
  });

  it("while fan-out has not run yet: a post is in its author's feed at once, and in followers' feeds", async () => {
    const me = await t().signup('tl_reader');
    const writer = await t().signup('tl_writer');
    await t().call('POST', `/api/users/follow/${writer.userId}`, { token: me.token });
    // Straight into the database: no job is queued, the posts stay pending.
    const waiting = await addPosts(t().db, writer.userId, 3);
    expect(await t().db.kysely.selectFrom('fanout_pending').select('post_id').execute()).toHaveLength(3);
    expect(new Set(ids(await walk(writer.token, 2)).slice(0, 3))).toEqual(new Set(waiting));
    await expectFeed(writer.token, [writer.userId]);
    await expectFeed(me.token, [me.userId, writer.userId]);
    // Through the API, read before the queue has had its turn.
    const fresh = await post(writer.token, 'just now');
    expect(ids(await walk(writer.token, 1))[0]).toBe(fresh);
    expect(ids(await walk(me.token, 1))[0]).toBe(fresh);
    await t().app.fanout.idle();
    await expectFeed(me.token, [me.userId, writer.userId]);
  });

  it('an author above the fan-out limit is merged at read time, not fanned out', async () => {
    const me = await t().signup('tl_fan');
    const star = await t().signup('tl_star');
    const small = await t().signup('tl_small');
    for (let i = 0; i <= fanoutFollowerLimit; i++) {
      const other = await addUser(t().db, `tl_star_fan_${i}`);
      await followUser(t().db, await keyOfUser(t().db, other), star.userId);
    }
    await t().call('POST', `/api/users/follow/${star.userId}`, { token: me.token });
    await t().call('POST', `/api/users/follow/${small.userId}`, { token: me.token });
    const starPosts: string[] = [];
    for (let i = 0; i < 12; i++) {
      starPosts.push(await post(star.token, `star ${i}`));
      await post(small.token, `small ${i}`);
    }
    await t().app.fanout.idle();
    const merged = await t().db.kysely.selectFrom('merged_authors').select('author_id').execute();
    expect(merged.map((m) => m.author_id)).toContain(await keyOfUser(t().db, star.userId));
    const keys = await t().db.kysely.selectFrom('posts').select('id').where('public_id', 'in', starPosts).execute();
    const mine = new Set((await timelineOf(me.userId)).map((r) => r.post_id));
    expect(keys.filter((k) => mine.has(k.id))).toEqual([]);
    await expectFeed(me.token, [me.userId, star.userId, small.userId]);
    // A merged author's deleted posts leave the feed at once: the newest, and one on an older page.
    for (const gone of [starPosts[11], starPosts[2]]) {
      expect((await t().call('DELETE', `/api/posts/${gone}`, { token: star.token })).statusCode).toBe(201);
    }
    const afterDelete = await expectFeed(me.token, [me.userId, star.userId, small.userId]);
    expect(afterDelete).not.toContain(starPosts[11]);
    expect(afterDelete).not.toContain(starPosts[2]);
    expect(afterDelete).toContain(starPosts[10]);
    // Unfollowed, the star's posts are gone from the feed too.
    await t().call('POST', `/api/users/unfollow/${star.userId}`, { token: me.token });
    await expectFeed(me.token, [me.userId, small.userId]);
  });

  it('the migration fills the timelines of a database from before it', async () => {
    const me = await t().signup('tl_migrated');
    const other = await t().signup('tl_migrated_other');
    await t().call('POST', `/api/users/follow/${other.userId}`, { token: me.token });
    await addPosts(t().db, other.userId, 2 * length, '2026-09-05T10:00:00.000Z');
    await addPosts(t().db, me.userId, 3);
    await t().app.fanout.idle();
    // As a database from before: no timeline tables, then the migration.
    const migration = homeTimelines(t().db.kind);
    const raw = t().db.kysely as unknown as Kysely<unknown>;
    await migration.down(raw);
    await migration.up(raw);
    // The table made again as migration 141 leaves it: with the boosts' column and its index.
    await boostEntries(t().db.kind).up(raw);
    const rows = await timelineOf(me.userId);
    expect(rows.length).toBeGreaterThanOrEqual(length);
    await expectFeed(me.token, [me.userId, other.userId]);
    const count = await sql<{ n: number }>`select count(*) as n from fanout_pending`.execute(t().db.kysely);
    expect(Number(count.rows[0]?.n)).toBe(0);
  });

  it('posts made in the same millisecond keep their order by id, a page edge falling among them or not', async () => {
    const me = await t().signup('tl_ties');
    const ana = await t().signup('tl_ties_ana');
    await t().call('POST', `/api/users/follow/${ana.userId}`, { token: me.token });
    const made: string[] = [];
    for (let i = 0; i < 9; i++) made.push(await post(ana.token, `tied ${i}`));
    await t().app.fanout.idle();
    // Three runs of three posts at one time each (as an import makes them), in the posts and in the timeline.
    for (const [run, at] of [
      '2026-11-20T08:00:00.000Z',
      '2026-11-20T07:00:00.000Z',
      '2026-11-20T06:00:00.000Z',
    ].entries()) {
      const keys = (
        await t()
          .db.kysely.selectFrom('posts')
          .select('id')
          .where('public_id', 'in', made.slice(3 * run, 3 * run + 3))
          .execute()
      ).map((row) => row.id);
      await t().db.kysely.updateTable('posts').set({ created_at: at }).where('id', 'in', keys).execute();
      await t().db.kysely.updateTable('home_timeline').set({ created_at: at }).where('post_id', 'in', keys).execute();
    }
    const want = await expectFeed(me.token, [me.userId, ana.userId]);
    expect(want).toHaveLength(9);
  });

  it("who hears of a followed person's new post (issue 47): followers who see it in their lists, no one for a private post", async () => {
    const author = await t().signup('told_author');
    const reader = await t().signup('told_reader');
    const muter = await t().signup('told_muter');
    const blocked = await t().signup('told_blocked');
    for (const follower of [reader, muter, blocked]) {
      await t().call('POST', `/api/users/follow/${author.userId}`, { token: follower.token });
    }
    await t().call('POST', `/api/users/mute/${author.userId}`, { token: muter.token });
    await t().call('POST', `/api/users/block/${blocked.userId}`, { token: author.token });
    const keyOf = async (visibility: string) => {
      const res = await t().call('POST', '/api/posts', {
        token: author.token,
        body: { postData: { content: `Told ${visibility}`, visibility } },
        headers: { prefer: 'return=minimal' },
      });
      const publicId = res.json().post._id as string;
      const row = await t()
        .db.kysely.selectFrom('posts')
        .select('id')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow();
      return { publicId, key: Number(row.id) };
    };
    const shared = await keyOf('followers');
    expect(await followersToTellOfPost(t().db, shared.key)).toEqual({
      publicId: shared.publicId,
      followers: [await keyOfUser(t().db, reader.userId)],
    });
    const mine = await keyOf('private');
    expect((await followersToTellOfPost(t().db, mine.key)).followers).toEqual([]);
  });
});
