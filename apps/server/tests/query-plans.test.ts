import type { InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { workoutTotalsCoveringIndex } from '../src/db/migrations/081-workout-totals-covering-index';
import { notificationsUnreadIndex } from '../src/db/migrations/082-notifications-unread-index';
import { homeTimelineIndexWithBoosts } from '../src/db/migrations/141-boosts';
import { forgetCards } from '../src/modules/posts/queries/card-cache';
import { addPosts, addUser, keyOfUser } from './helpers/network';
import { planProblems, readsOf, readsOfAlias, sortsIn, unindexedForeignKeys } from './helpers/plans';
import { type QueryLog, recordQueries } from './helpers/query-log';
import { type CallOptions, useTestApp } from './helpers/test-app';

/**
 * Every page and every action of Spotter's own client, with the queries it runs: none reads a whole
 * large table (posts, likes, follows, ...), and none runs more queries for a bigger page (no N+1).
 * Plans come from the databases themselves: EXPLAIN QUERY PLAN on SQLite, EXPLAIN with sequential
 * scans priced out on PostgreSQL (whose planner would rightly pick them for tables this small).
 */
let log: QueryLog | undefined;
const t = useTestApp(
  {},
  {
    wrapDb: (db) => {
      log = recordQueries(db);
      return log.db;
    },
  },
);
const taken = () => {
  if (!log) throw new Error('no query log');
  return log.take();
};

const network = {
  token: '',
  me: '',
  author: '',
  authorName: 'plans_author',
  post: '',
  liked: '',
  ownPost: '',
  routine: '',
  comment: '',
};

beforeAll(async () => {
  const me = await t().signup('plans_me');
  network.token = me.token;
  network.me = me.userId;
  network.author = await addUser(t().db, network.authorName);
  const other = await addUser(t().db, 'plans_other');
  await t().call('POST', `/api/users/follow/${network.author}`, { token: me.token });
  // A second follower and a second followee, so that the follow lists have a next page at limit=1.
  await t()
    .db.kysely.insertInto('follows')
    .values([
      {
        follower_id: await keyOfUser(t().db, other),
        followee_id: await keyOfUser(t().db, network.author),
        created_at: new Date().toISOString(),
      },
      {
        follower_id: await keyOfUser(t().db, me.userId),
        followee_id: await keyOfUser(t().db, other),
        created_at: new Date().toISOString(),
      },
    ])
    .execute();
  // A second apart, newest last, so that no page edge falls among posts of one millisecond (the home
  // page reads such a tie again, one statement more: tests/home-timeline.test.ts).
  const start = Date.now() - 200_000;
  const postsOf = async (author: string, count: number, from: number) => {
    const made: string[] = [];
    for (let i = 0; i < count; i++)
      made.push(...(await addPosts(t().db, author, 1, new Date(start + (from + i) * 1000).toISOString())));
    return made;
  };
  const posts = await postsOf(network.author, 130, 0);
  await postsOf(other, 20, 130);
  await postsOf(me.userId, 5, 150);
  network.post = posts[0] ?? '';
  network.liked = posts[1] ?? '';
  const comment = await t().call('POST', `/api/posts/${network.post}/comments`, {
    token: me.token,
    body: { commentData: { content: 'plans' } },
  });
  network.comment = comment.json().comment._id;
  // More likes and bookmarks than the biggest page, straight into the tables (only their number matters here).
  const at = (i: number) => new Date(Date.UTC(2026, 8, 1, 0, i)).toISOString();
  const user_id = await keyOfUser(t().db, me.userId);
  const reacted = await t()
    .db.kysely.selectFrom('posts')
    .select('id')
    .where('public_id', 'in', posts.slice(1, 121))
    .execute();
  await t()
    .db.kysely.insertInto('likes')
    .values(reacted.map(({ id: post_id }, i) => ({ post_id, user_id, created_at: at(i) })))
    .execute();
  await t()
    .db.kysely.insertInto('bookmarks')
    .values(reacted.map(({ id: post_id }, i) => ({ post_id, user_id, created_at: at(i) })))
    .execute();
  await t()
    .db.kysely.updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
    .where(
      'id',
      'in',
      reacted.map((r) => r.id),
    )
    .execute();
});

interface Step {
  method: InjectOptions['method'];
  url: () => string;
  options?: () => CallOptions;
  /** Indexes this call may walk from one end: ordered pages that stop at their LIMIT. */
  orderedWalks?: string[];
}

const signedIn = () => ({ token: network.token });
const minimal = () => ({ token: network.token, headers: { prefer: 'return=minimal' } });

/** A signed-in GET with its answer's status, and the statements it sent besides the caller's identity. */
async function countedCall(url: string, status: number) {
  taken();
  const res = await t().call('GET', url, signedIn());
  expect(res.statusCode, res.body).toBe(status);
  return { count: taken().filter((q) => !q.sql.includes('"sessions"')).length, body: res.json() };
}

describe('query plans of every page and action', () => {
  const steps: Record<string, Step> = {};
  const pagedUrls: [string, string[]][] = [
    ['/api/posts?limit=10', ['posts_created_at_id']],
    ['/api/posts?limit=10&order=trending', ['posts_trending']],
    ['/api/feed?limit=10', []],
    ['/api/feed?limit=10&order=trending', []],
    [`/api/posts/user/${network.authorName}?limit=10`, []],
    ['/api/users/me/liked?limit=10', []],
    ['/api/users/me/bookmarked?limit=10', []],
    [`/api/users/${network.authorName}/followers?limit=1`, []],
    ['/api/users/plans_me/following?limit=1', []],
    // The search page's Posts tab (issue 47): the words' index, then the page in time order.
    ['/api/search?type=posts&q=post&limit=10', []],
  ];
  for (const [url, orderedWalks] of pagedUrls) {
    steps[url] = { method: 'GET', url: () => url, options: signedIn, orderedWalks };
    // The page after the first: the cursor takes another path through the indexes.
    steps[`${url} (next page)`] = { method: 'GET', url: () => url, options: signedIn, orderedWalks };
  }
  Object.assign(steps, {
    'profile header': { method: 'GET', url: () => `/api/users/profile/${network.authorName}`, options: signedIn },
    'my profile': { method: 'GET', url: () => '/api/users/me', options: signedIn },
    'post card': { method: 'GET', url: () => `/api/posts/${network.post}/card`, options: signedIn },
    like: { method: 'POST', url: () => `/api/posts/like/${network.post}`, options: minimal },
    unlike: { method: 'POST', url: () => `/api/posts/dislike/${network.post}`, options: minimal },
    bookmark: { method: 'POST', url: () => `/api/users/bookmark/${network.post}`, options: minimal },
    'remove bookmark': { method: 'POST', url: () => `/api/users/remove-bookmark/${network.post}`, options: minimal },
    'create post': {
      method: 'POST',
      url: () => '/api/posts',
      options: () => ({ ...minimal(), body: { postData: { content: 'plans' } } }),
    },
    'edit post': {
      method: 'POST',
      url: () => `/api/posts/edit/${network.ownPost}`,
      options: () => ({ ...minimal(), body: { postData: { content: 'plans, edited' } } }),
    },
    // An edit naming someone asks who was told of the post's or comment's mentions already.
    'edit post (a new mention)': {
      method: 'POST',
      url: () => `/api/posts/edit/${network.ownPost}`,
      options: () => ({ ...minimal(), body: { postData: { content: 'plans, seen by @plans_other' } } }),
    },
    'delete post': { method: 'DELETE', url: () => `/api/posts/${network.ownPost}`, options: minimal },
    'comment page': {
      method: 'GET',
      url: () => `/api/posts/${network.post}/comments?limit=10`,
      options: signedIn,
    },
    'edit comment (a new mention)': {
      method: 'POST',
      url: () => `/api/comments/edit/${network.comment}`,
      options: () => ({ ...signedIn(), body: { commentData: { content: 'plans, @plans_other' } } }),
    },
    'delete comment': { method: 'DELETE', url: () => `/api/comments/${network.comment}`, options: signedIn },
    unfollow: { method: 'POST', url: () => `/api/users/unfollow/${network.author}`, options: minimal },
    follow: { method: 'POST', url: () => `/api/users/follow/${network.author}`, options: minimal },
    'edit profile': {
      method: 'POST',
      url: () => '/api/users/edit',
      options: () => ({ ...minimal(), body: { userData: { bio: 'plans' } } }),
    },
    'search (trigram)': { method: 'GET', url: () => '/api/users/search?q=plans' },
    'search (one letter)': { method: 'GET', url: () => '/api/users/search?q=p' },
    // The search page (issue 47, decision 089): people, posts by their words, tags by their start.
    'search page: people': { method: 'GET', url: () => '/api/search?type=people&q=plans', options: signedIn },
    'search page: tags': { method: 'GET', url: () => '/api/search?type=tags&q=plans', options: signedIn },
    suggestions: { method: 'GET', url: () => '/api/users/suggestions', options: signedIn },
    // The training log (issue 15, decision 040): a workout logged after the history, and the reads of it.
    'log a workout': {
      method: 'POST',
      url: () => '/api/workouts',
      options: () => ({
        ...signedIn(),
        body: {
          workout: {
            title: 'plans',
            startedAt: new Date().toISOString(),
            exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }],
          },
        },
      }),
    },
    'training records': { method: 'GET', url: () => '/api/users/plans_me/records', options: signedIn },
    'training progress': {
      method: 'GET',
      url: () => '/api/users/plans_me/progress?exerciseId=barbell-back-squat',
      options: signedIn,
    },
    'training stats': { method: 'GET', url: () => '/api/users/plans_me/stats', options: signedIn },
    // Issue 46 (decision 074): previous numbers, and routines read whole.
    'previous numbers': { method: 'GET', url: () => '/api/exercises/barbell-back-squat/last', options: signedIn },
    'create routine': {
      method: 'POST',
      url: () => '/api/routines',
      options: () => ({
        ...signedIn(),
        body: {
          routine: {
            title: 'plans',
            exercises: [
              { exerciseId: 'barbell-back-squat', sets: [{ reps: 5 }] },
              { exerciseId: 'running', sets: [{ distanceM: 5000 }] },
            ],
          },
        },
      }),
    },
    routines: { method: 'GET', url: () => '/api/routines', options: signedIn },
    'start a routine': { method: 'GET', url: () => `/api/routines/${network.routine}?with=last`, options: signedIn },
    login: {
      method: 'POST',
      url: () => '/api/auth/login',
      options: () => ({ body: { username: 'plans_me', password: 'correct horse battery' } }),
    },
  } satisfies Record<string, Step>);

  it('no page or action reads a whole large table', async () => {
    const problems: string[] = [];
    const cursors = new Map<string, string>();
    for (const [name, step] of Object.entries(steps)) {
      let url = step.url();
      const base = name.replace(/ \(next page\)$/, '');
      if (name.endsWith('(next page)')) url = `${base}&cursor=${encodeURIComponent(cursors.get(base) ?? '')}`;
      taken();
      const res = await t().call(step.method, url, step.options?.());
      const queries = taken();
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      if (name === 'create post') network.ownPost = res.json().post._id;
      if (name === 'create routine') network.routine = res.json().routine._id;
      if (res.json().nextCursor) cursors.set(name, res.json().nextCursor);
      if (name.endsWith('(next page)')) expect(cursors.get(base), name).toBeTruthy();
      expect(queries.length, name).toBeGreaterThan(0);
      for (const p of await planProblems(t().db, queries, step.orderedWalks)) {
        problems.push(`${name}: ${p.problem}\n  ${p.sql}\n  ${p.plan.replace(/\n/g, '\n  ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every foreign key of a large table leads an index (a deleted post or person never scans them)', async () => {
    expect(await unindexedForeignKeys(t().db)).toEqual([]);
  });
});

describe('the newest home page from the timeline', () => {
  it("is one statement besides the caller's identity when its cards are cached", async () => {
    // Someone who follows nobody above the fan-out limit, once their posts' fan-out is done.
    const person = await t().signup('plans_timeline');
    for (const content of ['first', 'second']) {
      const made = await t().call('POST', '/api/posts', { token: person.token, body: { postData: { content } } });
      expect(made.statusCode).toBe(201);
    }
    await t().app.fanout.idle();
    const first = await t().call('GET', '/api/feed?limit=10', { token: person.token });
    expect(first.json().posts.map((p: { content: string }) => p.content)).toEqual(['second', 'first']);
    taken();
    const again = await t().call('GET', '/api/feed?limit=10', { token: person.token });
    expect(again.json()).toEqual(first.json());
    // The page's rows, their cards' versions and whether the viewer has posts the timeline does not
    // hold (waiting for their fan-out, or merged at read time): one round trip on PostgreSQL.
    const pageStatements = taken().filter((q) => !q.sql.includes('"sessions"'));
    expect(pageStatements.map((q) => q.sql.match(/from home_timeline h|from fanout_pending q/g))).toEqual([
      ['from fanout_pending q', 'from home_timeline h'],
    ]);
  });
});

/** How the statements run since the last `taken()` whose SQL holds `part` read the table named `alias`. */
async function aliasReads(part: string, alias: string): Promise<string[]> {
  const reads: string[] = [];
  for (const query of taken().filter((q) => q.sql.includes(part))) {
    reads.push(...(await readsOfAlias(t().db, query, alias)));
  }
  return reads;
}

/**
 * A covering index's migration, checked: `read` answers the same before it (down) and after it (up),
 * and on SQLite its plan reads `covering` with it and not without it.
 */
async function acrossCoveringIndex<A>(
  migration: { up: (db: Kysely<unknown>) => Promise<void>; down: (db: Kysely<unknown>) => Promise<void> },
  covering: string,
  read: () => Promise<{ answer: A; reads: string[] }>,
): Promise<A> {
  const sqlite = t().db.kind === 'sqlite';
  const now = await read();
  if (sqlite) expect(now.reads).toEqual(now.reads.map(() => covering));
  const db = t().db.kysely as unknown as Kysely<unknown>;
  await migration.down(db);
  try {
    const before = await read();
    expect(before.answer).toEqual(now.answer);
    if (sqlite) expect(before.reads).not.toContain(covering);
  } finally {
    await migration.up(db);
  }
  const after = await read();
  expect(after.answer).toEqual(now.answer);
  if (sqlite) expect(after.reads).toEqual(now.reads);
  return now.answer;
}

describe('a newest home page reads its timeline entries from one index (migrations 080 and 141)', () => {
  // The entries' post ids and boosters come with the index range: no lookup of a scattered table row per entry.
  const timelineReads = async () => {
    taken();
    const res = await t().call('GET', '/api/feed?limit=10', signedIn());
    expect(res.statusCode).toBe(200);
    const reads = await aliasReads('from home_timeline h', 'h');
    expect(reads.length).toBeGreaterThan(0);
    return { answer: res.json().posts as unknown[], reads };
  };
  it('from the index alone on SQLite, with the same page as when each entry read its row', async () => {
    // PostgreSQL plans these few rows from the posts' side and keeps its own choice at scale: the plan
    // is SQLite's to check, the same page before and after the migration is asked of both.
    const covering = 'SEARCH h USING COVERING INDEX home_timeline_viewer_created_at (viewer_id=?)';
    expect(await acrossCoveringIndex(homeTimelineIndexWithBoosts(), covering, timelineReads)).toHaveLength(10);
  });
});

describe("a person's training totals come from one index (migration 081)", () => {
  // The count and volume of every workout: one range of the person's index, not a row per workout.
  const statsReads = async () => {
    taken();
    const res = await t().call('GET', '/api/users/plans_totals/stats', signedIn());
    expect(res.statusCode).toBe(200);
    const reads = await aliasReads('join "workouts" as "w"', 'w');
    expect(reads.length).toBe(1);
    return { answer: res.json(), reads };
  };
  it('from the index alone on SQLite, with the same totals as when each workout read its row', async () => {
    const trainee = await t().signup('plans_totals');
    for (const [day, weightKg] of [
      [3, 100],
      [10, 102.5],
      [17, 105],
    ] as const) {
      const res = await t().call('POST', '/api/workouts', {
        token: trainee.token,
        body: {
          workout: {
            title: `squats ${day}`,
            startedAt: new Date(Date.UTC(2026, 10, day, 7)).toISOString(),
            exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg }] }],
          },
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const covering = 'SEARCH w USING COVERING INDEX workouts_user_started_at_id (user_id=?) LEFT-JOIN';
    const stats = await acrossCoveringIndex(workoutTotalsCoveringIndex(), covering, statsReads);
    expect(stats).toMatchObject({ workouts: 3, totalVolumeKg: 1537.5 });
  });
});

describe("a person's records, progress and stats come with the owner's rule, in one statement", () => {
  const statementsOf = async (url: string, status: number) => (await countedCall(url, status)).count;
  it('one when the person shows some, the owner read apart only when none come back', async () => {
    for (const [name, show] of [
      ['plans_figures', true],
      ['plans_secret', false],
    ] as const) {
      const trainee = await t().signup(name);
      const res = await t().call('POST', '/api/workouts', {
        token: trainee.token,
        body: {
          workout: {
            title: 'squats',
            startedAt: new Date(Date.UTC(2026, 10, 2, 7)).toISOString(),
            exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }],
          },
        },
      });
      expect(res.statusCode).toBe(201);
      if (!show) {
        const settings = { settings: { showRecords: false } };
        await t().call('POST', '/api/users/me/training-settings', { token: trainee.token, body: settings });
      }
    }
    expect(await statementsOf('/api/users/plans_figures/records', 200)).toBe(1);
    expect(await statementsOf('/api/users/plans_figures/progress?exerciseId=barbell-back-squat', 200)).toBe(1);
    // No point for an exercise never logged: the owner is read, then the points by key (an empty answer).
    expect(await statementsOf('/api/users/plans_figures/progress?exerciseId=running', 200)).toBe(3);
    // Stats: the totals with the owner's key and time zone, then the weeks from the index.
    expect(await statementsOf('/api/users/plans_figures/stats', 200)).toBe(2);
    // Records kept private: nothing comes back by name, and the owner's read answers 403.
    expect(await statementsOf('/api/users/plans_secret/records', 403)).toBe(2);
    expect(await statementsOf('/api/users/plans_secret/stats', 403)).toBe(2);
  });
});

describe("a person's page is one statement when it has posts", () => {
  const statementsOf = countedCall;
  it('reads the person by name in the page statement; an empty page asks who they are apart', async () => {
    forgetCards(t().db);
    const first = await statementsOf(`/api/posts/user/${network.authorName.toUpperCase()}?limit=10`, 200);
    expect(first.count).toBe(1);
    expect(first.body.posts).toHaveLength(10);
    // Cold, read again (cards kept), then warm: one statement each time, and the same page.
    for (let read = 0; read < 2; read++) {
      const again = await statementsOf(`/api/posts/user/${network.authorName}?limit=10`, 200);
      expect(again.count).toBe(1);
      expect(again.body).toEqual(first.body);
    }
    // No post to show: the page statement, then the person's row for a 200 with none or a 404.
    await addUser(t().db, 'plans_quiet');
    expect(await statementsOf('/api/posts/user/plans_quiet?limit=10', 200)).toMatchObject({
      count: 2,
      body: { posts: [], nextCursor: null },
    });
    expect((await statementsOf('/api/posts/user/plans_nobody?limit=10', 404)).count).toBe(2);
  });
});

describe("a post's comment page is one statement when it has comments", () => {
  it('finds the post by its public id in the page statement; an empty page asks for the post apart', async () => {
    const statementsOf = (postId: string, status: number) =>
      countedCall(`/api/posts/${postId}/comments?limit=10`, status);
    const [commented, quiet] = await addPosts(t().db, network.author, 2, new Date().toISOString());
    const said = await t().call('POST', `/api/posts/${commented}/comments`, {
      token: network.token,
      body: { commentData: { content: 'one statement' } },
    });
    expect(said.statusCode).toBe(201);
    const page = await statementsOf(commented as string, 200);
    expect(page.count).toBe(1);
    expect(page.body.comments.map((c: { content: string }) => c.content)).toEqual(['one statement']);
    // No comment to show: the page statement, then the post for a 200 with none or a 404.
    expect(await statementsOf(quiet as string, 200)).toMatchObject({ count: 2, body: { comments: [] } });
    expect((await statementsOf(crypto.randomUUID(), 404)).count).toBe(2);
  });
});

describe('the notifications page sorts nothing (migrations 073 and 076)', () => {
  it("names each entry's latest actors from the list it keeps, and reads the entries in their index's order", async () => {
    // Two people follow plans_me and like two of their posts: a follow group and two like groups.
    const mine = (await t().call('GET', '/api/posts/user/plans_me?limit=2', signedIn())).json().posts as {
      _id: string;
    }[];
    expect(mine).toHaveLength(2);
    for (const name of ['plans_fan1', 'plans_fan2']) {
      const fan = await t().signup(name);
      await t().call('POST', `/api/users/follow/${network.me}`, { token: fan.token });
      for (const post of mine) await t().call('POST', `/api/posts/like/${post._id}`, { token: fan.token });
    }
    taken();
    const res = await t().call('GET', '/api/notifications?limit=10', signedIn());
    const queries = taken();
    expect(res.statusCode).toBe(200);
    const page = res.json().notifications as { type: string; actors: { username: string }[] }[];
    expect(page.map((n) => [n.type, n.actors.map((a) => a.username)])).toEqual([
      ['like', ['plans_fan2', 'plans_fan1']],
      ['like', ['plans_fan2', 'plans_fan1']],
      ['follow', ['plans_fan2', 'plans_fan1']],
    ]);
    // The actors come from each entry's kept list, their summaries read with the entry: no walk of
    // notification_actors per entry (that long way is migration-073.test's).
    expect(queries.some((q) => /notification_actors na/.test(q.sql))).toBe(false);
    // One statement besides the caller's identity: the entries with their actors' summaries, the
    // unread count and the recipient's hidden people (none a statement of its own: three round trips
    // fewer on PostgreSQL).
    const pageStatements = queries.filter((q) => !q.sql.includes('"sessions"'));
    expect(pageStatements).toHaveLength(1);
    expect(pageStatements.filter((q) => /as "unread_count"/.test(q.sql))).toHaveLength(1);
    expect(pageStatements.filter((q) => /as "actor_summaries"/.test(q.sql))).toHaveLength(1);
    const sorts = await sortsIn(t().db, queries);
    expect(sorts.map((s) => `${s.problem}\n  ${s.sql}\n  ${s.plan}`)).toEqual([]);
    // The recipient's hidden people are worked out once per statement (`hidden_people`), though the
    // entries statement asks of them twice a row: its blocks (alias bh) are read once.
    const entries = queries.filter((q) => q.sql.includes('from blocks bh '));
    expect(entries.length).toBeGreaterThan(0);
    for (const query of entries) expect(await readsOf(t().db, query, 'bh'), query.sql).toBe(1);
  });
});

describe("a person's unread count reads their unread entries alone (migration 082)", () => {
  // Not a walk of every entry the person ever had: one range of the unread entries' index.
  const countReads = async (token: string) => {
    taken();
    const res = await t().call('GET', '/api/notifications/unread-count', { token });
    expect(res.statusCode).toBe(200);
    const reads = await aliasReads('notifications.is_read = 0', 'notifications');
    expect(reads.length).toBe(1);
    return { answer: res.json(), reads };
  };
  it('from the index alone on SQLite, with the same count as when it walked them all', async () => {
    const author = await t().signup('plans_unread');
    for (const content of ['one', 'two', 'three']) {
      const made = await t().call('POST', '/api/posts', { token: author.token, body: { postData: { content } } });
      expect(made.statusCode).toBe(201);
    }
    const page = await t().call('GET', '/api/posts/user/plans_unread?limit=3', { token: author.token });
    const posts = (page.json().posts as { _id: string }[]).map((p) => p._id);
    const fans = [await t().signup('plans_unread_fan1'), await t().signup('plans_unread_fan2')];
    // Read entries (a like of the first post by each), then unread ones (the others' likes, a follow).
    for (const fan of fans) await t().call('POST', `/api/posts/like/${posts[0]}`, { token: fan.token });
    expect((await t().call('POST', '/api/notifications/read', { token: author.token })).statusCode).toBe(200);
    for (const fan of fans) {
      await t().call('POST', `/api/posts/like/${posts[1]}`, { token: fan.token });
      await t().call('POST', `/api/users/follow/${author.userId}`, { token: fan.token });
    }
    await t().call('POST', `/api/posts/like/${posts[2]}`, { token: fans[0]?.token ?? '' });
    const covering = 'SEARCH notifications USING COVERING INDEX notifications_unread (recipient_id=?)';
    const read = () => countReads(author.token);
    expect(await acrossCoveringIndex(notificationsUnreadIndex(t().db.kind), covering, read)).toEqual({
      unreadCount: 3,
    });
    // Marking them read empties the index's range for the person.
    expect((await t().call('POST', '/api/notifications/read', { token: author.token })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await read()).answer).toEqual({ unreadCount: 0 });
  });
});

describe("a card page asks of the viewer's likes by viewer first (migration 079)", () => {
  // The likes' key is (post, person): on SQLite, probed by it, a page's 21 probes read 21 leaves of
  // the whole likes index; keyed by viewer first they read the viewer's one or two.
  const cardPages = [
    '/api/posts?limit=10',
    '/api/feed?limit=10',
    '/api/feed?limit=10&order=trending',
    `/api/posts/user/${network.authorName}?limit=10`,
    '/api/users/me/bookmarked?limit=10',
    '/api/tags/plans/posts?limit=10',
  ];
  it.each(cardPages)('%s', async (url) => {
    taken();
    const res = await t().call('GET', url, signedIn());
    expect(res.statusCode).toBe(200);
    const probes = [];
    for (const query of taken()) probes.push(...(await readsOfAlias(t().db, query, 'likes')));
    expect(probes.length).toBeGreaterThan(0);
    // PostgreSQL keeps the likes' key in its buffers and has no such index (its plan on these few rows
    // is a bitmap scan of the key): only that it seeks is asked of it.
    for (const probe of probes) {
      if (t().db.kind === 'sqlite') {
        expect(probe).toBe('SEARCH likes USING COVERING INDEX likes_user_post (user_id=? AND post_id=?)');
      } else expect(probe).not.toMatch(/^Seq Scan/);
    }
  });
});

describe('no N+1: the number of queries does not grow with the page', () => {
  const calls = [
    '/api/posts',
    '/api/posts?order=trending',
    '/api/feed?order=newest',
    '/api/feed?order=trending',
    `/api/posts/user/${network.authorName}`,
    '/api/users/me/liked',
    '/api/users/me/bookmarked',
  ];
  // Each size twice: with no card cached (the cards are one query), then again with all cached (none).
  it.each(calls)('%s', async (url) => {
    const counts: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] };
    for (const limit of [1, 10, 100]) {
      forgetCards(t().db);
      for (const cache of ['cold', 'warm'] as const) {
        taken();
        const res = await t().call('GET', `${url}${url.includes('?') ? '&' : '?'}limit=${limit}`, signedIn());
        expect(res.statusCode).toBe(200);
        expect(res.json().posts).toHaveLength(limit);
        counts[cache].push(taken().length);
      }
    }
    for (const [cache, found] of Object.entries(counts)) {
      expect(new Set(found).size, `${cache}: queries for 1, 10 and 100 posts: ${found.join(', ')}`).toBe(1);
    }
    // A person's page not read lately reads its cards' fields with its rows (feeds.ts `authorPage`,
    // decision 057): the same statements cold and warm. Every other page reads the cards the cache
    // lacks in one statement more.
    const fieldsWithRows = url.startsWith('/api/posts/user/');
    expect(counts.warm[0]).toBe((counts.cold[0] ?? 0) - (fieldsWithRows ? 0 : 1));
  });
});

describe('the counts a viewer reads are corrected from small index ranges (issue 45, finding 15; migration 088)', () => {
  it("a profile's post count reads only the person's live posts that are not public (posts_author_not_public)", async () => {
    taken();
    const res = await t().call('GET', `/api/users/profile/${network.authorName}`, signedIn());
    expect(res.statusCode).toBe(200);
    const reads = await aliasReads("visibility <> 'public'", 'posts');
    // SQLite: SEARCH posts USING COVERING INDEX posts_author_not_public (author_id=? AND visibility=? AND
    // removed_at=?); PostgreSQL: Index Only Scan posts_author_not_public ((author_id = …) AND (visibility = 'private')).
    expect(reads).toEqual([
      expect.stringMatching(/(COVERING INDEX|Index Only Scan) posts_author_not_public \(+author_id/),
    ]);
  });

  it('a comment count, for a viewer who blocks someone, probes that person’s comments on each post (comments_author_post)', async () => {
    const shielded = await t().signup('plans_shielded');
    const other = (await t().call('GET', '/api/users/profile/plans_other')).json().profile._id;
    expect((await t().call('POST', `/api/users/block/${other}`, { token: shielded.token })).statusCode).toBe(200);
    for (const url of ['/api/posts?limit=10', `/api/posts/${network.post}`, `/api/posts/${network.post}/card`]) {
      taken();
      const res = await t().call('GET', url, { token: shielded.token });
      expect(res.statusCode).toBe(200);
      // Both columns given, the hidden person's and the post's: never the post's whole thread.
      // SQLite: SEARCH hc USING INDEX comments_author_post (author_id=? AND post_id=?); PostgreSQL:
      // Index Scan comments_author_post ((author_id = hb.blocked_id) AND (post_id = posts.id)).
      const reads = await aliasReads('from comments hc', 'hc');
      expect(reads.length, url).toBeGreaterThan(0);
      for (const read of reads) expect(read, url).toMatch(/comments_author_post \(+author_id.*post_id/);
    }
  });
});
