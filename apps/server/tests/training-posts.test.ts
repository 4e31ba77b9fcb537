import { routes, trainingErrors } from '@spotter/contract';
import {
  type CardPost,
  cardPostResponseSchema,
  mediaResponseSchema,
  postPageSchema,
  workoutResponseSchema,
} from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import * as files from './helpers/media-files';
import { useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

const t = useTestApp();

const bench = (weightKg: number, reps: number, type = 'normal') => ({ weightKg, reps, type });
const day = (d: number) => new Date(Date.UTC(2026, 9, d, 7)).toISOString();

async function logWorkout(token: string, startedAt: string, sets: object[], title = 'Bench day') {
  const res = await t().call('POST', '/api/workouts', {
    token,
    body: {
      workout: {
        title,
        startedAt,
        durationSec: 3600,
        exercises: [
          { exerciseId: 'barbell-bench-press', sets },
          { exerciseId: 'running', sets: [{ distanceM: 2000, durationSec: 600 }] },
        ],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout._id;
}
async function post(token: string, postData: object) {
  return t().call('POST', '/api/posts', { token, body: { postData }, headers: { prefer: 'return=minimal' } });
}
async function card(postId: string): Promise<CardPost> {
  const res = await t().call('GET', `/api/posts/${postId}/card`);
  expect(res.statusCode, res.body).toBe(200);
  return cardPostResponseSchema.parse(res.json()).post;
}
const badges = (c: CardPost) => (c.workout?.records ?? []).map((r) => `${r.exerciseName} ${r.type} ${r.value}`);

describe('postData.workoutId', () => {
  it("puts the workout's summary on the post's card: title, duration, best sets, record badges", async () => {
    const { token } = await t().signup('card_ana');
    await logWorkout(token, day(1), [bench(80, 5)]);
    const second = await logWorkout(token, day(3), [bench(40, 10, 'warmup'), bench(85, 5), bench(80, 6)]);
    const res = await post(token, { content: 'New bench best', workoutId: second });
    expect(res.statusCode, res.body).toBe(201);
    const created = cardPostResponseSchema.parse(res.json()).post;
    expect(created.workout).toMatchObject({
      _id: second,
      title: 'Bench day',
      durationSec: 3600,
      startedAt: '2026-10-03T07:00:00.000+00:00',
      exercises: [
        {
          exerciseId: 'barbell-bench-press',
          name: 'Barbell Bench Press',
          setCount: 3,
          bestSet: { type: 'normal', reps: 5, weightKg: 85 },
        },
        { exerciseId: 'running', name: 'Running', setCount: 1, bestSet: { distanceM: 2000, durationSec: 600 } },
      ],
    });
    expect(badges(created)).toEqual(
      expect.arrayContaining(['Barbell Bench Press heaviestWeight 85', 'Barbell Bench Press bestVolume 905']),
    );
    // Every feed's cards carry it.
    const page = await t().call('GET', '/api/posts/user/card_ana?limit=5');
    const [listed] = postPageSchema.parse(page.json()).posts;
    expect(listed?.workout).toEqual(created.workout);
    const feed = await t().call('GET', '/api/feed?limit=5', { token });
    expect(postPageSchema.parse(feed.json()).posts[0]?.workout).toEqual(created.workout);
  });

  it('needs no text with a workout; cards of posts without one have no workout', async () => {
    const { token } = await t().signup('card_quiet');
    const workout = await logWorkout(token, day(5), [bench(60, 8)]);
    const res = await post(token, { workoutId: workout });
    expect(res.statusCode, res.body).toBe(201);
    expect(cardPostResponseSchema.parse(res.json()).post.workout?._id).toBe(workout);
    const plain = await post(token, { content: 'rest day' });
    expect(cardPostResponseSchema.parse(plain.json()).post.workout).toBeUndefined();
  });

  it('carries a photo beside the workout: the shared workout post of "Log workout"', async () => {
    const { token } = await t().signup('card_photo');
    const workout = await logWorkout(token, day(6), [bench(70, 5)]);
    const uploaded = await upload(t().app, token, await files.png(), 'a.png', 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const media = mediaResponseSchema.parse(uploaded.json()).media;
    const res = await post(token, { content: 'Bench day', workoutId: workout, image: media.url, alt: 'The bar' });
    expect(res.statusCode, res.body).toBe(201);
    const shared = await card(cardPostResponseSchema.parse(res.json()).post._id);
    expect(shared).toMatchObject({ image: media.url, mediaType: 'image', alt: 'The bar' });
    expect(shared.workout?._id).toBe(workout);
  });

  it("refuses someone else's workout (403) and one that does not exist (400), storing nothing", async () => {
    const ana = await t().signup('card_owner');
    const ben = await t().signup('card_other');
    const anas = await logWorkout(ana.token, day(6), [bench(60, 8)]);
    const theirs = await post(ben.token, { content: 'look', workoutId: anas });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ errors: [`postData.workoutId: ${trainingErrors.notYourWorkout}`] });
    const unknown = await post(ben.token, { content: 'look', workoutId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: [`postData.workoutId: ${trainingErrors.workoutNotFound}`] });
    const page = await t().call('GET', '/api/posts/user/card_other?limit=5');
    expect(postPageSchema.parse(page.json()).posts).toEqual([]);

    const own = cardPostResponseSchema.parse((await post(ben.token, { content: 'mine' })).json()).post;
    const edit = await t().call('POST', `/api/posts/edit/${own._id}`, {
      token: ben.token,
      body: { postData: { workoutId: anas } },
    });
    expect(edit.statusCode).toBe(403);
    expect((await card(own._id)).workout).toBeUndefined();
  });

  it('edits: another workout, or null to take it off', async () => {
    const { token } = await t().signup('card_editor');
    const first = await logWorkout(token, day(7), [bench(60, 8)], 'First');
    const second = await logWorkout(token, day(8), [bench(62.5, 8)], 'Second');
    const created = cardPostResponseSchema.parse((await post(token, { content: 'x', workoutId: first })).json()).post;
    const edit = (postData: object) =>
      t().call('POST', `/api/posts/edit/${created._id}`, { token, body: { postData } });
    expect((await edit({ workoutId: second })).statusCode).toBe(routes.editPost.status);
    expect((await card(created._id)).workout?.title).toBe('Second');
    expect((await edit({ content: 'y' })).statusCode).toBe(routes.editPost.status);
    expect((await card(created._id)).workout?.title).toBe('Second');
    expect((await edit({ workoutId: null })).statusCode).toBe(routes.editPost.status);
    expect((await card(created._id)).workout).toBeUndefined();
  });

  it('keeps the badges true when an earlier workout changes, and drops the workout when it is deleted', async () => {
    const { token } = await t().signup('card_history');
    await logWorkout(token, day(1), [bench(80, 3)]);
    const later = await logWorkout(token, day(10), [bench(90, 3)]);
    const shown = cardPostResponseSchema.parse((await post(token, { content: 'PR', workoutId: later })).json()).post;
    expect(badges(shown)).toContain('Barbell Bench Press heaviestWeight 90');

    // An earlier, heavier workout logged afterwards: 90 kg is no longer a record.
    const earlier = await logWorkout(token, day(9), [bench(95, 3)]);
    expect(badges(await card(shown._id))).not.toContain('Barbell Bench Press heaviestWeight 90');
    // Deleted again: it is.
    expect((await t().call('DELETE', `/api/workouts/${earlier}`, { token })).statusCode).toBe(200);
    expect(badges(await card(shown._id))).toContain('Barbell Bench Press heaviestWeight 90');

    expect((await t().call('DELETE', `/api/workouts/${later}`, { token })).statusCode).toBe(200);
    const after = await card(shown._id);
    expect(after.workout).toBeUndefined();
    expect(after.content).toBe('PR');
  });
});
