import { trainingErrors } from '@spotter/contract';
import { cardPostResponseSchema, workoutResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';
import { unzip } from './helpers/unzip';

/**
 * Issue 45, finding 4: with `showRecords: false`, nobody but the owner sees any record, best set or
 * e1RM of theirs, anywhere. One walk over every read that can carry a person's training (workout
 * list and page, records, progress, stats, post cards in every feed and the post change answers, the
 * full posts, the profile, and other people's exports), as the owner, a follower, a stranger and an
 * anonymous reader. Decision 067.
 */
const t = useTestApp();

type Viewer = 'owner' | 'follower' | 'stranger' | 'anonymous';
const viewers: Viewer[] = ['owner', 'follower', 'stranger', 'anonymous'];
const people = {} as Record<Exclude<Viewer, 'anonymous'>, Person>;
const tokenOf = (viewer: Viewer) => (viewer === 'anonymous' ? undefined : people[viewer].token);

let early = '';
let later = '';
/** A post carrying `later` made before the owner hid their records, and one carrying `early` made after. */
let postBefore = '';
let postAfter = '';
const tag = 'rp45day';

const bench = (weightKg: number, reps: number) => ({ weightKg, reps });

async function logWorkout(token: string, startedAt: string, sets: object[]) {
  const res = await t().call('POST', '/api/workouts', {
    token,
    body: { workout: { title: 'Bench day', startedAt, exercises: [{ exerciseId: 'barbell-bench-press', sets }] } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout._id;
}

async function share(workoutId: string, content: string) {
  const res = await t().call('POST', '/api/posts', {
    token: people.owner.token,
    headers: { prefer: 'return=minimal' },
    body: { postData: { content, workoutId } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return cardPostResponseSchema.parse(res.json()).post._id;
}

const setShowRecords = async (showRecords: boolean) => {
  const res = await t().call('POST', '/api/users/me/training-settings', {
    token: people.owner.token,
    body: { settings: { showRecords } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * Every place in an answer that holds a record, a best set or an e1RM with a value, as paths: a
 * `records` list with anything in it, a `bestSet`, or any e1RM (`e1rmKg`, `bestE1rmKg`) not null.
 */
function recordsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => recordsIn(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = `${path}.${key}`;
    const shown =
      (key === 'records' && Array.isArray(inner) && inner.length > 0) ||
      ((key === 'bestSet' || /e1rm/i.test(key)) && inner !== null && inner !== undefined);
    return [...(shown ? [here] : []), ...recordsIn(inner, here)];
  });
}

/**
 * `recordsIn` the owner's workouts only (a workout or a card's summary has the workout's id as
 * `_id`): other people's posts in a feed (the demo network's) show their own records.
 */
function ownersRecordsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => ownersRecordsIn(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const id = (value as { _id?: unknown })._id;
  if (typeof id === 'string' && both().includes(id)) return recordsIn(value, path);
  return Object.entries(value).flatMap(([key, inner]) => ownersRecordsIn(inner, `${path}.${key}`));
}

/** A read of the walk: who may make it, and what it must show (so that an empty answer cannot pass). */
interface Read {
  name: string;
  url: () => string;
  method?: 'GET' | 'POST';
  /** Viewers who may not make it at all (needs a token). */
  signedIn?: boolean;
  /** Only for these viewers (a follower's own liked and bookmarked pages). */
  only?: Viewer[];
  /** The workout ids its answer must mention: the walk really reached the workout. */
  mentions: () => string[];
  /** Refused to others, allowed to the owner (records, progress, stats): 403 with this message. */
  refusedToOthers?: boolean;
  /** Holds the owner's records when the owner reads it (a workout read, not a card). */
  ownerSees?: boolean;
}

const both = () => [early, later];
const reads: Read[] = [
  {
    name: 'workout list',
    url: () => `/api/users/${people.owner.username}/workouts?limit=10`,
    mentions: both,
    ownerSees: true,
  },
  { name: 'workout page', url: () => `/api/workouts/${later}`, mentions: () => [later], ownerSees: true },
  { name: 'first workout page', url: () => `/api/workouts/${early}`, mentions: () => [early], ownerSees: true },
  {
    name: 'records',
    url: () => `/api/users/${people.owner.username}/records`,
    mentions: () => [],
    refusedToOthers: true,
    ownerSees: true,
  },
  {
    name: 'progress',
    url: () => `/api/users/${people.owner.username}/progress?exerciseId=barbell-bench-press`,
    mentions: () => [],
    refusedToOthers: true,
    ownerSees: true,
  },
  { name: 'stats', url: () => `/api/users/${people.owner.username}/stats`, mentions: () => [], refusedToOthers: true },
  { name: 'profile', url: () => `/api/users/profile/${people.owner.username}`, mentions: () => [] },
  { name: 'card (posted before hiding)', url: () => `/api/posts/${postBefore}/card`, mentions: () => [later] },
  { name: 'card (posted after hiding)', url: () => `/api/posts/${postAfter}/card`, mentions: () => [early] },
  { name: 'full post', url: () => `/api/posts/${postBefore}`, mentions: () => [] },
  { name: 'explore, newest', url: () => '/api/posts?limit=20', mentions: both },
  { name: 'explore, trending', url: () => '/api/posts?limit=20&order=trending', mentions: both },
  { name: 'all posts (unpaged)', url: () => '/api/posts', mentions: () => [] },
  { name: 'profile posts', url: () => `/api/posts/user/${people.owner.username}?limit=20`, mentions: both },
  { name: 'profile posts (unpaged)', url: () => `/api/posts/user/${people.owner.username}`, mentions: () => [] },
  { name: 'tag page', url: () => `/api/tags/${tag}/posts?limit=20`, mentions: both },
  { name: 'home feed', url: () => '/api/feed?limit=20', signedIn: true, only: ['owner', 'follower'], mentions: both },
  { name: 'liked posts', url: () => '/api/users/me/liked?limit=20', only: ['follower'], mentions: () => [later] },
  {
    name: 'bookmarked posts',
    url: () => '/api/users/me/bookmarked?limit=20',
    only: ['follower'],
    mentions: () => [later],
  },
  {
    name: 'a like’s answer (Prefer: return=minimal)',
    method: 'POST',
    url: () => `/api/posts/like/${postAfter}`,
    only: ['follower', 'stranger'],
    mentions: () => [early],
  },
];

beforeAll(async () => {
  people.owner = await signUpPerson(t(), 'rp_owner');
  people.follower = await signUpPerson(t(), 'rp_follower');
  people.stranger = await signUpPerson(t(), 'rp_stranger');
  early = await logWorkout(people.owner.token, '2026-10-01T07:00:00Z', [bench(80, 5)]);
  later = await logWorkout(people.owner.token, '2026-10-03T07:00:00Z', [bench(90, 5), bench(85, 6)]);
  const follow = await t().call('POST', `/api/users/follow/${people.owner.userId}`, { token: people.follower.token });
  expect(follow.statusCode).toBe(200);
  postBefore = await share(later, `New bench best #${tag}`);
  // What the owner shares while records are shown carries them: the walk below would see them.
  const shown = await t().call('GET', `/api/posts/${postBefore}/card`);
  expect(ownersRecordsIn(shown.json()).length).toBeGreaterThan(0);
  await setShowRecords(false);
  postAfter = await share(early, `Where it started #${tag}`);
  await t().app.fanout.idle();
  for (const url of [`/api/posts/like/${postBefore}`, `/api/users/bookmark/${postBefore}`]) {
    expect((await t().call('POST', url, { token: people.follower.token })).statusCode).toBeLessThan(300);
  }
});

describe('showRecords: false (issue 45, finding 4)', () => {
  it('no record, best set or e1RM reaches anyone but the owner, on any read', async () => {
    const leaks: string[] = [];
    let reached = 0;
    for (const read of reads) {
      for (const viewer of viewers) {
        if (read.only && !read.only.includes(viewer)) continue;
        if ((read.signedIn || read.method === 'POST') && viewer === 'anonymous') continue;
        const token = tokenOf(viewer);
        const res = await t().call(read.method ?? 'GET', read.url(), {
          ...(token ? { token } : {}),
          ...(read.method === 'POST' ? { headers: { prefer: 'return=minimal' } } : {}),
        });
        const label = `${read.name} as ${viewer}`;
        if (read.refusedToOthers && viewer !== 'owner') {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toEqual({ errors: [trainingErrors.recordsPrivate] });
          continue;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
        for (const id of read.mentions()) expect(res.body, `${label} shows workout ${id}`).toContain(id);
        reached++;
        if (viewer === 'owner' && read.ownerSees) {
          expect(recordsIn(res.json()).length, `${label}: the owner sees their records`).toBeGreaterThan(0);
        } else if (viewer !== 'owner') {
          leaks.push(...ownersRecordsIn(res.json()).map((path) => `${label}: ${path}`));
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(reached).toBeGreaterThan(40);
  });

  it("other people's exports (account ZIP, workouts.csv) carry nothing of the owner's training", async () => {
    for (const viewer of ['follower', 'stranger'] as const) {
      const zip = await t().call('GET', '/api/users/me/export', { token: people[viewer].token });
      expect(zip.statusCode).toBe(200);
      const entries = await unzip(zip.rawPayload);
      expect(entries.size).toBeGreaterThan(0);
      for (const [name, bytes] of entries) {
        const text = bytes.toString('utf8');
        for (const id of both()) expect(text, `${viewer}'s ${name}`).not.toContain(id);
        if (name.endsWith('.json')) expect(ownersRecordsIn(JSON.parse(text)), `${viewer}'s ${name}`).toEqual([]);
      }
      const csv = await t().call('GET', '/api/users/me/workouts.csv', { token: people[viewer].token });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Bench');
    }
  });

  it('the owner keeps everything on their workouts; shown again, the cards carry the records again', async () => {
    const own = workoutResponseSchema.parse(
      (await t().call('GET', `/api/workouts/${later}`, { token: people.owner.token })).json(),
    );
    expect(own.workout.records.length).toBeGreaterThan(0);
    expect(own.workout.exercises[0]?.bestSet).toMatchObject({ weightKg: 90, reps: 5 });
    expect(own.workout.exercises[0]?.e1rmKg).not.toBeNull();
    await setShowRecords(true);
    for (const postId of [postBefore, postAfter]) {
      const card = cardPostResponseSchema.parse((await t().call('GET', `/api/posts/${postId}/card`)).json()).post;
      expect(card.workout?.exercises[0]?.bestSet, postId).not.toBeNull();
    }
    const page = await t().call('GET', `/api/users/${people.owner.username}/workouts?limit=10`);
    expect(recordsIn(page.json()).length).toBeGreaterThan(0);
    await setShowRecords(false);
  });
});
