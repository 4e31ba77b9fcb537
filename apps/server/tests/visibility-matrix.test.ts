import type { PostVisibility } from '@spotter/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

/**
 * Issue 16's visibility matrix: (public, followers, private) x (author, follower, other member,
 * blocked member, anonymous) x every read call. One app, five people signed up once. The posts are
 * made public, liked, bookmarked, commented and mentioned by everyone first; then the author blocks
 * one member and changes two posts' visibility: every read must follow at once.
 */
const t = useTestApp();

type Viewer = 'author' | 'follower' | 'other' | 'blocked' | 'anonymous';
const viewers: Viewer[] = ['author', 'follower', 'other', 'blocked', 'anonymous'];
const visibilities: PostVisibility[] = ['public', 'followers', 'private'];
const tag = 'vismatrix';

const tokens = {} as Record<Viewer, string | undefined>;
const usernames = { author: 'vm_author', follower: 'vm_follower', other: 'vm_other', blocked: 'vm_blocked' } as const;
const posts = {} as Record<PostVisibility, string>;

/** Whether the viewer may see a post of this visibility: the rule the whole matrix checks. */
function mayRead(visibility: PostVisibility, viewer: Viewer): boolean {
  if (viewer === 'author') return true;
  if (viewer === 'blocked') return false;
  if (visibility === 'public') return true;
  return visibility === 'followers' && viewer === 'follower';
}

const get = (url: string, viewer: Viewer) => t().call('GET', url, { token: tokens[viewer] });
const ids = (list: { _id: string }[]) => new Set(list.map((p) => p._id));

/** The read calls answering lists of posts, each with what it may show (beyond mayRead). */
const listReads: {
  name: string;
  url: (viewer: Viewer) => string;
  signedIn?: true;
  /** Posts this call shows at most (explore: public ones; home: the author's and followed). */
  shows?: (visibility: PostVisibility, viewer: Viewer) => boolean;
  found?: (viewer: Viewer) => number;
  pick?: (body: never) => { _id: string }[];
}[] = [
  {
    name: 'home feed (precomputed timeline, newest)',
    url: () => '/api/feed?limit=50',
    signedIn: true,
    shows: (_v, viewer) => viewer === 'author' || viewer === 'follower',
  },
  {
    name: 'home feed (trending, read from the follows)',
    url: () => '/api/feed?limit=50&order=trending',
    signedIn: true,
    shows: (_v, viewer) => viewer === 'author' || viewer === 'follower',
  },
  { name: 'explore (paged)', url: () => '/api/posts?limit=50', shows: (v) => v === 'public' },
  { name: 'explore (trending)', url: () => '/api/posts?limit=50&order=trending', shows: (v) => v === 'public' },
  { name: "the spec's unpaged GET /api/posts", url: () => '/api/posts', shows: (v) => v === 'public' },
  {
    name: 'profile posts (paged)',
    url: () => `/api/posts/user/${usernames.author}?limit=50`,
    found: (viewer) => (viewer === 'blocked' ? 404 : 200),
  },
  { name: 'profile posts (unpaged)', url: () => `/api/posts/user/${usernames.author}` },
  { name: 'tag page', url: () => `/api/tags/${tag}/posts?limit=50` },
  { name: 'liked posts', url: () => '/api/users/me/liked?limit=50', signedIn: true },
  { name: 'bookmarked posts', url: () => '/api/users/me/bookmarked?limit=50', signedIn: true },
  {
    name: 'bookmark ids',
    url: () => '/api/users/bookmark',
    signedIn: true,
    pick: (body: { bookmarks: string[] }) => body.bookmarks.map((_id) => ({ _id })),
  },
];

beforeAll(async () => {
  for (const [viewer, username] of Object.entries(usernames)) {
    tokens[viewer as Viewer] = (await t().signup(username)).token;
  }
  tokens.anonymous = undefined;
  const authorId = (await get(`/api/users/profile/${usernames.author}`, 'follower')).json().profile._id;
  for (const viewer of ['follower', 'blocked'] as const) {
    expect((await t().call('POST', `/api/users/follow/${authorId}`, { token: tokens[viewer] })).statusCode).toBe(200);
  }
  for (const visibility of visibilities) {
    const res = await t().call('POST', '/api/posts', {
      token: tokens.author,
      headers: { prefer: 'return=minimal' },
      body: { postData: { content: `${visibility} #${tag} @vm_follower @vm_other @vm_blocked` } },
    });
    expect(res.json().post.visibility).toBe('public');
    posts[visibility] = res.json().post._id;
  }
  await t().app.fanout.idle();
  // Everyone reacts while all three are public, then the author narrows two and blocks one member.
  for (const viewer of viewers.filter((v) => v !== 'anonymous')) {
    for (const visibility of visibilities) {
      const token = tokens[viewer];
      expect((await t().call('POST', `/api/posts/like/${posts[visibility]}`, { token })).statusCode).toBe(201);
      expect((await t().call('POST', `/api/users/bookmark/${posts[visibility]}`, { token })).statusCode).toBe(200);
      const comment = { commentData: { content: `${viewer} was here` } };
      const res = await t().call('POST', `/api/posts/${posts[visibility]}/comments`, { token, body: comment });
      expect(res.statusCode).toBe(201);
    }
  }
  const blockedId = (await get(`/api/users/profile/${usernames.blocked}`, 'author')).json().profile._id;
  expect((await t().call('POST', `/api/users/block/${blockedId}`, { token: tokens.author })).statusCode).toBe(200);
  for (const visibility of ['followers', 'private'] as const) {
    const res = await t().call('POST', `/api/posts/edit/${posts[visibility]}`, {
      token: tokens.author,
      headers: { prefer: 'return=minimal' },
      body: { postData: { visibility } },
    });
    expect(res.json().post.visibility).toBe(visibility);
  }
});

describe('the visibility matrix (issue 16)', () => {
  for (const read of listReads) {
    it(`${read.name}: each viewer sees exactly the posts the rule allows`, async () => {
      for (const viewer of viewers) {
        if (read.signedIn && viewer === 'anonymous') continue;
        const res = await get(read.url(viewer), viewer);
        const status = read.found?.(viewer) ?? 200;
        expect(res.statusCode, `${viewer}: ${res.body}`).toBe(status);
        if (status !== 200) continue;
        const body = res.json();
        const seen = ids(read.pick ? read.pick(body as never) : body.posts);
        for (const visibility of visibilities) {
          const expected = mayRead(visibility, viewer) && (read.shows?.(visibility, viewer) ?? true);
          expect(seen.has(posts[visibility]), `${viewer} / ${visibility}`).toBe(expected);
        }
      }
    });
  }

  it('a single post, as the spec post and as a card: 200 or 404, and it carries its visibility', async () => {
    for (const viewer of viewers) {
      for (const visibility of visibilities) {
        for (const url of [`/api/posts/${posts[visibility]}`, `/api/posts/${posts[visibility]}/card`]) {
          const res = await get(url, viewer);
          expect(res.statusCode, `${viewer} / ${visibility} ${url}`).toBe(mayRead(visibility, viewer) ? 200 : 404);
          if (res.statusCode === 200) expect(res.json().post.visibility).toBe(visibility);
        }
      }
    }
  });

  it("comments: a post's thread is a 404 where the post is; the blocked member's comment is hidden from the author", async () => {
    for (const viewer of viewers) {
      for (const visibility of visibilities) {
        const res = await get(`/api/posts/${posts[visibility]}/comments?limit=50`, viewer);
        const may = mayRead(visibility, viewer);
        expect(res.statusCode, `${viewer} / ${visibility}`).toBe(may ? 200 : 404);
        if (!may) continue;
        const authors = (res.json().comments as { author: { username: string } }[]).map((c) => c.author.username);
        expect(authors).toContain(usernames.author);
        // The block is between the author and that member: hidden from the author, not from third parties.
        expect(authors.includes(usernames.blocked), `${viewer} / ${visibility}`).toBe(viewer !== 'author');
      }
    }
  });

  it('notifications: a mention in a post one may no longer see is not shown (nor counted)', async () => {
    for (const viewer of ['follower', 'other', 'blocked'] as const) {
      const res = await get('/api/notifications?limit=50', viewer);
      const mentioned = new Set(
        (res.json().notifications as { type: string; post?: { _id: string } }[])
          .filter((n) => n.type === 'mention')
          .map((n) => n.post?._id),
      );
      for (const visibility of visibilities) {
        expect(mentioned.has(posts[visibility]), `${viewer} / ${visibility}`).toBe(mayRead(visibility, viewer));
      }
      const unread = (await get('/api/notifications/unread-count', viewer)).json().unreadCount;
      expect(unread, viewer).toBe(mentioned.size);
    }
    // The author's own list: likes and comments of the blocked member are gone.
    const mine = (await get('/api/notifications?limit=50', 'author')).json().notifications as {
      actors: { username: string }[];
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.flatMap((n) => n.actors.map((a) => a.username))).not.toContain(usernames.blocked);
  });

  it('liking, commenting on or bookmarking a post one may not see is a 404, and changes nothing', async () => {
    for (const viewer of ['follower', 'other', 'blocked'] as const) {
      for (const visibility of visibilities) {
        if (mayRead(visibility, viewer)) continue;
        const id = posts[visibility];
        const token = tokens[viewer];
        expect((await t().call('POST', `/api/posts/like/${id}`, { token })).statusCode).toBe(404);
        expect((await t().call('POST', `/api/posts/dislike/${id}`, { token })).statusCode).toBe(404);
        expect((await t().call('POST', `/api/users/bookmark/${id}`, { token })).statusCode).toBe(404);
        const body = { commentData: { content: 'let me in' } };
        expect((await t().call('POST', `/api/posts/${id}/comments`, { token, body })).statusCode).toBe(404);
      }
    }
    const card = (await get(`/api/posts/${posts.private}/card`, 'author')).json().post;
    expect(card.likeCount).toBe(4);
    // Four comments stored, as before; the author reads three: the member they blocked wrote the
    // fourth, which they no longer see (issue 45, finding 15: counts are of what the viewer sees).
    expect(card.commentCount).toBe(3);
    const stored = await t()
      .db.kysely.selectFrom('posts')
      .select('comment_count')
      .where('public_id', '=', posts.private)
      .executeTakeFirstOrThrow();
    expect(Number(stored.comment_count)).toBe(4);
  });

  it('a change of visibility applies at once, in the home timeline too (private back to followers)', async () => {
    const edit = (visibility: PostVisibility) =>
      t().call('POST', `/api/posts/edit/${posts.private}`, {
        token: tokens.author,
        body: { postData: { visibility } },
      });
    expect((await edit('followers')).statusCode).toBe(201);
    await t().app.fanout.idle();
    const feed = async () => ids((await get('/api/feed?limit=50', 'follower')).json().posts);
    expect((await feed()).has(posts.private)).toBe(true);
    expect((await get(`/api/posts/${posts.private}`, 'other')).statusCode).toBe(404);
    expect((await edit('private')).statusCode).toBe(201);
    expect((await feed()).has(posts.private)).toBe(false);
  });
});

describe('a new post takes its visibility from postData, else from its author', () => {
  it("gets the author's default_visibility when postData has none; 400 for an unknown one", async () => {
    const create = (postData: object) =>
      t().call('POST', '/api/posts', {
        token: tokens.other,
        headers: { prefer: 'return=minimal' },
        body: { postData },
      });
    await t()
      .db.kysely.updateTable('users')
      .set({ default_visibility: 'followers' })
      .where('username', '=', usernames.other)
      .execute();
    expect((await create({ content: 'default' })).json().post.visibility).toBe('followers');
    expect((await create({ content: 'chosen', visibility: 'private' })).json().post.visibility).toBe('private');
    const bad = await create({ content: 'bad', visibility: 'friends' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatch(/^postData\.visibility/);
    await t()
      .db.kysely.updateTable('users')
      .set({ default_visibility: 'public' })
      .where('username', '=', usernames.other)
      .execute();
  });
});

describe('removed content and suspended people are hidden from every read', () => {
  it("a removed post disappears for everyone, its author included; a suspended person's posts, comments and profile too", async () => {
    const res = await t().call('POST', '/api/posts', {
      token: tokens.follower,
      headers: { prefer: 'return=minimal' },
      body: { postData: { content: `soon removed #${tag}` } },
    });
    const removed = res.json().post._id as string;
    const comment = await t().call('POST', `/api/posts/${posts.public}/comments`, {
      token: tokens.other,
      body: { commentData: { content: 'soon removed comment' } },
    });
    const removedComment = comment.json().comment._id as string;
    await t()
      .db.kysely.updateTable('posts')
      .set({ removed_at: sql`CURRENT_TIMESTAMP` as never })
      .where('public_id', '=', removed)
      .execute();
    await t()
      .db.kysely.updateTable('comments')
      .set({ removed_at: sql`CURRENT_TIMESTAMP` as never })
      .where('public_id', '=', removedComment)
      .execute();
    for (const viewer of ['follower', 'author', 'anonymous'] as const) {
      expect((await get(`/api/posts/${removed}`, viewer)).statusCode).toBe(404);
      expect(ids((await get(`/api/tags/${tag}/posts`, viewer)).json().posts).has(removed)).toBe(false);
      expect(ids((await get('/api/posts?limit=50', viewer)).json().posts).has(removed)).toBe(false);
      const thread = (await get(`/api/posts/${posts.public}/comments`, viewer)).json().comments as { _id: string }[];
      expect(ids(thread).has(removedComment)).toBe(false);
    }
    expect(ids((await get('/api/feed?limit=50', 'follower')).json().posts).has(removed)).toBe(false);

    // Suspension: the author of the matrix's posts.
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_at: sql`CURRENT_TIMESTAMP` as never })
      .where('username', '=', usernames.author)
      .execute();
    try {
      for (const viewer of ['follower', 'other', 'anonymous'] as const) {
        expect((await get(`/api/posts/${posts.public}`, viewer)).statusCode).toBe(404);
        expect((await get(`/api/users/profile/${usernames.author}`, viewer)).statusCode).toBe(404);
        expect(ids((await get('/api/posts?limit=50', viewer)).json().posts).has(posts.public)).toBe(false);
        expect(ids((await get(`/api/tags/${tag}/posts`, viewer)).json().posts).has(posts.public)).toBe(false);
        const found = (await get(`/api/users/search?q=${usernames.author}`, viewer)).json().users as {
          username: string;
        }[];
        expect(found.map((u) => u.username)).not.toContain(usernames.author);
      }
      expect(ids((await get('/api/feed?limit=50', 'follower')).json().posts).has(posts.public)).toBe(false);
      const thread = await get(`/api/posts/${posts.public}/comments`, 'follower');
      expect(thread.statusCode).toBe(404);
    } finally {
      await t()
        .db.kysely.updateTable('users')
        .set({ suspended_at: null })
        .where('username', '=', usernames.author)
        .execute();
    }
  });
});
