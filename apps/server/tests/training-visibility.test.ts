import { apiErrors, trainingErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * A person's training follows THE visibility rule as their profile does: a block either way hides
 * their workouts, records, progress and stats (404, as the profile), and so does a suspension, but for
 * a moderator (decision 048). Anonymous readers and everyone else see them as before.
 */
const t = useTestApp();

let mod: Person;
let lifter: Person;
let blocker: Person;
let reader: Person;
let workoutId = '';

const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const post = (url: string, token: string, body?: unknown) => t().call('POST', url, { token, body });

/** Logs one exercise's sets as a workout of the token's owner; answers its id. */
async function logWorkout(token: string, startedAt: string, exerciseId: string, sets: object[]) {
  const res = await post('/api/workouts', token, {
    workout: { title: 'Training', startedAt, exercises: [{ exerciseId, sets }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().workout._id as string;
}

const tabs = (username: string) => [
  `/api/users/${username}/workouts?limit=5`,
  `/api/users/${username}/records`,
  `/api/users/${username}/progress?exerciseId=barbell-back-squat`,
  `/api/users/${username}/stats`,
];

/** What each training read answers: its status and, for a refusal, its errors. */
async function answers(username: string, token?: string) {
  const reads = [...tabs(username), `/api/workouts/${workoutId}`];
  return Promise.all(
    reads.map(async (url) => {
      const res = await get(url, token);
      return res.statusCode === 200 ? 200 : [res.statusCode, res.json()];
    }),
  );
}

const hidden = [
  ...Array.from({ length: 4 }, () => [404, { errors: [apiErrors.userNotFound] }]),
  [404, { errors: [trainingErrors.workoutNotFound] }],
];

beforeAll(async () => {
  mod = await signUpPerson(t(), 'trvis_mod');
  lifter = await signUpPerson(t(), 'trvis_lifter');
  blocker = await signUpPerson(t(), 'trvis_blocker');
  reader = await signUpPerson(t(), 'trvis_reader');
  await runAdminCommand(t().db, t().config, ['grant', 'trvis_mod']);
  workoutId = await logWorkout(lifter.token, '2026-11-02T07:00:00Z', 'barbell-back-squat', [
    { weightKg: 140, reps: 3 },
  ]);
});

describe("a person's training follows the visibility rule", () => {
  it('is seen by anyone before a block or a suspension', async () => {
    expect(await answers(lifter.username)).toEqual([200, 200, 200, 200, 200]);
    expect(await answers(lifter.username, reader.token)).toEqual([200, 200, 200, 200, 200]);
    const progress = (await get(tabs(lifter.username)[2] ?? '', reader.token)).json();
    expect(progress.points).toHaveLength(1);
  });

  it('is hidden both ways by a block, and shown again after the unblock', async () => {
    expect((await post(`/api/users/block/${lifter.userId}`, blocker.token)).statusCode).toBe(200);
    expect(await answers(lifter.username, blocker.token)).toEqual(hidden);
    // The other way too: the blocker's own training is hidden from the person they blocked.
    const theirs = await logWorkout(blocker.token, '2026-11-03T07:00:00Z', 'running', [
      { distanceM: 5000, durationSec: 1500 },
    ]);
    expect((await get(`/api/users/${blocker.username}/records`, lifter.token)).statusCode).toBe(404);
    expect((await get(`/api/workouts/${theirs}`, lifter.token)).statusCode).toBe(404);
    // Others still see the lifter's training.
    expect(await answers(lifter.username, reader.token)).toEqual([200, 200, 200, 200, 200]);
    expect((await post(`/api/users/unblock/${lifter.userId}`, blocker.token)).statusCode).toBe(200);
    expect(await answers(lifter.username, blocker.token)).toEqual([200, 200, 200, 200, 200]);
  });

  it('is hidden from members and anonymous readers while its owner is suspended, not from moderators', async () => {
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('username_key', '=', lifter.username.toLowerCase())
      .execute();
    expect(await answers(lifter.username)).toEqual(hidden);
    expect(await answers(lifter.username, reader.token)).toEqual(hidden);
    expect(await answers(lifter.username, mod.token)).toEqual([200, 200, 200, 200, 200]);
  });
});
