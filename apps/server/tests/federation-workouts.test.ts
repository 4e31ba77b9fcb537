import { signRequest } from '@fedify/fedify';
import { Follow, type Person } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import { type FederatedTestApp, peerContext, peerHandle, startFederatedTestApp } from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Workouts between servers (issue 49, docs/federation.md "The workout vocabulary"): a workout post
 * leaves as a Note that reads as text and carries `spotter:workout`; one that comes in shows as a
 * workout card, which anyone who sees it can copy into their own log as a workout or a routine; a
 * workout that does not pass the contract's schema leaves the post as text.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let bob: TestPerson;
let alicePerson: Person;

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3', engine: 'sqlite' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  bob = { ...(await spotter.signup('bob')), username: 'bob' };
  alicePerson = (await peerContext(peer).lookupObject(`${origin}/profilepage/alice`)) as Person;
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

const deadlift = { key: 'conventional-deadlift', name: 'Conventional Deadlift', measure: 'weight_reps' };
const workSet = (reps: number, weightKg: number) => ({
  type: 'normal',
  reps,
  weightKg,
  distanceM: null,
  durationSec: null,
  rpe: null,
  done: true,
});

/** A Create(Note) from the peer, as JSON (what Fedify's objects would leave out included), signed as Mastodon signs. */
async function deliverNote(n: number, note: Record<string, unknown>) {
  const actor = peer.actorUri('peer').href;
  const body = JSON.stringify({
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      { spotter: 'https://spotter.fitness/ns#', 'spotter:workout': { '@id': 'spotter:workout', '@type': '@json' } },
    ],
    id: `${peer.origin}/notes/${n}#create`,
    type: 'Create',
    actor,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    object: {
      id: `${peer.origin}/notes/${n}`,
      type: 'Note',
      attributedTo: actor,
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      ...note,
    },
  });
  const { keyId, privateKey } = await peer.peerKey();
  const request = new Request(`${origin}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body,
  });
  return fetch(await signRequest(request, privateKey, keyId, { spec: 'draft-cavage-http-signatures-12' }));
}

/** The id of the post `content` that POST /api/posts answered (with every post, in list order). */
const idOf = (answer: { posts: { _id: string; content: string }[] }, content: string) =>
  answer.posts.find((p) => p.content === content)?._id ?? '';

/** The peer person's post whose text is `content`, as the web app reads it (a page of their cards). */
async function remotePost(content: string) {
  const res = await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer))}?limit=20`, {
    token: bob.token,
  });
  const posts = res.json().posts as { _id: string; content: string; workout?: Record<string, unknown> }[];
  return posts.find((p) => p.content === content);
}

describe('a workout post leaving the server', () => {
  it('is a Note whose text says the workout in kg and which carries spotter:workout, fetched or delivered', async () => {
    await peerContext(peer).sendActivity(
      { identifier: 'peer' },
      alicePerson,
      new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.actorUri('peer'), object: alicePerson.id }),
    );
    expect(await eventually(() => peer.accepts.length > 0, 15_000)).toBe(true);
    // Alice reads pounds; the Note still says kg, as the data does.
    await spotter.call('POST', '/api/users/me/training-settings', { token: alice.token, body: { units: 'lb' } });
    const log = (startedAt: string, weightKg: number) =>
      spotter.call('POST', '/api/workouts', {
        token: alice.token,
        body: {
          workout: {
            title: 'Pull day',
            startedAt,
            durationSec: 3600,
            exercises: [
              { exerciseId: 'conventional-deadlift', sets: [1, 2, 3].map(() => ({ reps: 5, weightKg, rpe: 8 })) },
            ],
          },
        },
      });
    // A first workout sets no record (there is nothing to beat); the second beats it.
    expect((await log('2026-12-01T07:30:00Z', 140)).statusCode).toBe(201);
    const logged = await log('2026-12-05T07:30:00Z', 160);
    expect(logged.statusCode, logged.body).toBe(201);
    const posted = await spotter.call('POST', '/api/posts', {
      token: alice.token,
      body: { postData: { content: 'Felt strong', workoutId: logged.json().workout._id, visibility: 'public' } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const postId = idOf(posted.json(), 'Felt strong');

    const fetched = await fetch(`${origin}/ap/posts/${postId}`, { headers: { accept: 'application/activity+json' } });
    expect(fetched.status).toBe(200);
    const note = (await fetched.json()) as Record<string, unknown>;
    expect(note.type).toBe('Note');
    expect(note.content).toBe('<p>Conventional Deadlift 3 × 5 at 160 kg, new record</p><p>Felt strong</p>');
    expect(note['@context']).toContainEqual(expect.objectContaining({ spotter: 'https://spotter.fitness/ns#' }));
    const workout = note['spotter:workout'] as Record<string, unknown>;
    expect(workout).toMatchObject({
      title: 'Pull day',
      durationSec: 3600,
      exercises: [{ ...deadlift, sets: [1, 2, 3].map(() => ({ ...workSet(5, 160), rpe: 8 })) }],
    });
    expect(new Date(String(workout.startedAt)).toISOString()).toBe('2026-12-05T07:30:00.000Z');
    expect(workout.records).toContainEqual(
      expect.objectContaining({ key: 'conventional-deadlift', type: 'heaviestWeight', value: 160 }),
    );

    // Delivered to the follower inside its Create, the same data, which Fedify (not Spotter) parsed.
    expect(await eventually(() => peer.notes.length > 0, 15_000)).toBe(true);
    expect(String(peer.notes[0]?.content)).toBe(note.content);
    // The receiving Fedify compacts the activity again under its own context (to check its signature),
    // which does not name the term: there the workout is under its IRI, a JSON literal, unchanged.
    const create = peer.createdJson[0] as { object: Record<string, { '@value': unknown }> };
    expect(create.object['https://spotter.fitness/ns#workout']?.['@value']).toEqual(workout);
  }, 40_000);
});

describe('a workout post coming in', () => {
  const sled = { key: null, name: 'Sled Push Deluxe', measure: 'reps', sets: [workSet(20, 0), workSet(20, 0)] };
  const remoteWorkout = {
    title: 'Morning pulls',
    startedAt: '2026-12-06T06:00:00Z',
    durationSec: 2700,
    exercises: [{ ...deadlift, sets: [workSet(5, 100), workSet(5, 100), workSet(5, 100)] }, sled],
    records: [],
  };

  it('shows as a workout card, its text without the line the card says, and copies into one’s log', async () => {
    const delivered = await deliverNote(2, {
      content: '<p>Conventional Deadlift 3 × 5 at 100 kg; Sled Push Deluxe 2 × 20</p><p>Early start</p>',
      'spotter:workout': remoteWorkout,
    });
    expect(delivered.status).toBeLessThan(300);
    expect(await eventually(async () => (await remotePost('Early start')) !== undefined, 15_000)).toBe(true);
    const post = await remotePost('Early start');
    expect(post?.workout).toMatchObject({
      title: 'Morning pulls',
      durationSec: 2700,
      totalVolumeKg: 1500,
      exercises: [
        { name: 'Conventional Deadlift', setCount: 3, bestSet: expect.objectContaining({ reps: 5, weightKg: 100 }) },
        { name: 'Sled Push Deluxe', setCount: 2 },
      ],
    });

    // Copied as a workout: the catalogue's exercise by its key, the unknown one made as Bob's own.
    const copied = await spotter.call('POST', `/api/workouts/from-post/${post?._id}`, { token: bob.token });
    expect(copied.statusCode, copied.body).toBe(201);
    const workout = copied.json().workout;
    expect(workout.username).toBe('bob');
    expect(workout.title).toBe('Morning pulls');
    expect(workout.exercises.map((e: { exerciseId: string }) => e.exerciseId)[0]).toBe('conventional-deadlift');
    expect(workout.exercises[1]).toMatchObject({ name: 'Sled Push Deluxe', measure: 'reps' });
    expect(workout.exercises[0].sets.map((s: { weightKg: number }) => s.weightKg)).toEqual([100, 100, 100]);
    const inLog = await spotter.call('GET', `/api/workouts/${workout._id}`, { token: bob.token });
    expect(inLog.statusCode).toBe(200);
    const own = await spotter.call('GET', '/api/exercises?q=sled%20push%20deluxe', { token: bob.token });
    expect(own.json().exercises).toEqual([expect.objectContaining({ _id: workout.exercises[1].exerciseId })]);

    // Copied as a routine: the same exercises (no second custom one), the sets as planned values.
    const routine = await spotter.call('POST', `/api/routines/from-post/${post?._id}`, { token: bob.token });
    expect(routine.statusCode, routine.body).toBe(201);
    expect(routine.json().routine).toMatchObject({
      title: 'Morning pulls',
      exercises: [
        { exerciseId: 'conventional-deadlift', sets: [{ reps: 5, weightKg: 100 }, { reps: 5 }, { reps: 5 }] },
        { exerciseId: workout.exercises[1].exerciseId, sets: [{ reps: 20 }, { reps: 20 }] },
      ],
    });
  }, 30_000);

  it('copies a local workout post too, and answers 404 for a post without a workout', async () => {
    const alicePosts = (await spotter.call('GET', '/api/posts/user/alice?limit=20', { token: bob.token })).json().posts;
    const workoutPost = alicePosts.find((p: { workout?: unknown }) => p.workout);
    const copied = await spotter.call('POST', `/api/workouts/from-post/${workoutPost._id}`, { token: bob.token });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().workout.exercises[0]).toMatchObject({ exerciseId: 'conventional-deadlift' });
    // Records are Bob's own, not Alice's: 160 kg beats the 100 kg he copied before.
    expect(copied.json().workout.records).toContainEqual(
      expect.objectContaining({ type: 'heaviestWeight', value: 160, previous: 100 }),
    );

    const plain = await spotter.call('POST', '/api/posts', {
      token: alice.token,
      body: { postData: { content: 'Rest day' } },
    });
    const plainId = idOf(plain.json(), 'Rest day');
    const none = await spotter.call('POST', `/api/workouts/from-post/${plainId}`, { token: bob.token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ errors: ['This post carries no workout.'] });
  });

  it('keeps a Note whose workout does not pass the schema as text only, never a 5xx', async () => {
    const delivered = await deliverNote(3, {
      content: '<p>Bench 3 × -5</p>',
      'spotter:workout': {
        title: 'Broken',
        startedAt: 'yesterday',
        exercises: [{ name: 'Bench', sets: [{ reps: -5 }] }],
      },
    });
    expect(delivered.status).toBeLessThan(300);
    expect(await eventually(async () => (await remotePost('Bench 3 × -5')) !== undefined, 15_000)).toBe(true);
    const post = await remotePost('Bench 3 × -5');
    expect(post?.workout).toBeUndefined();
    const copy = await spotter.call('POST', `/api/routines/from-post/${post?._id}`, { token: bob.token });
    expect(copy.statusCode).toBe(404);
  }, 20_000);
});
