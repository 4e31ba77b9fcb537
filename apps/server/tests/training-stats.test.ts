import { apiErrors, trainingErrors } from '@spotter/contract';
import {
  progressResponseSchema,
  trainingSettingsResponseSchema,
  userRecordsResponseSchema,
  userStatsResponseSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const people = { hal: '', ivy: '' };

const lift = (weightKg: number, reps: number, type?: string) => ({ weightKg, reps, ...(type ? { type } : {}) });
const squat = (...sets: object[]) => ({ exerciseId: 'barbell-back-squat', sets });
const running = (...sets: object[]) => ({ exerciseId: 'running', sets });
const week = 7 * 86_400_000;

/**
 * GET /api/users/{username}/stats as the server answers it at `now` (its clock only): "this week"
 * and the streak are counted from a fixed instant, not from when the test runs.
 */
async function statsAt(now: string, username: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
  try {
    return await t().call('GET', `/api/users/${username}/stats`);
  } finally {
    vi.useRealTimers();
  }
}

async function log(token: string, startedAt: string, exercises: object[]) {
  const res = await t().call('POST', '/api/workouts', {
    token,
    body: { workout: { title: 'S', startedAt, exercises } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().workout._id as string;
}

let deleted = '';
beforeAll(async () => {
  people.hal = (await t().signup('hal_stats')).token;
  people.ivy = (await t().signup('ivy_stats')).token;
  await log(people.hal, '2026-03-02T07:00:00Z', [squat(lift(100, 5)), running({ distanceM: 5000, durationSec: 1500 })]);
  await log(people.hal, '2026-03-09T07:00:00Z', [squat(lift(160, 1, 'warmup'), lift(110, 3), lift(90, 10))]);
  await log(people.hal, '2026-03-16T07:00:00Z', [
    running({ distanceM: 10000, durationSec: 3300 }, { distanceM: 1000, durationSec: 240 }),
  ]);
  deleted = await log(people.hal, '2026-03-20T07:00:00Z', [squat(lift(200, 1))]);
  await t().call('DELETE', `/api/workouts/${deleted}`, { token: people.hal });
});

describe('training settings', () => {
  it('start as kg, UTC and records shown, and change one at a time', async () => {
    const before = await t().call('GET', '/api/users/me/training-settings', { token: people.ivy });
    expect(before.json()).toEqual({ settings: { units: 'kg', timeZone: 'UTC', showRecords: true } });
    const res = await t().call('POST', '/api/users/me/training-settings', {
      token: people.ivy,
      body: { settings: { units: 'lb', timeZone: 'America/New_York' } },
    });
    expect(res.statusCode).toBe(200);
    expect(trainingSettingsResponseSchema.parse(res.json()).settings).toEqual({
      units: 'lb',
      timeZone: 'America/New_York',
      showRecords: true,
    });
    await t().call('POST', '/api/users/me/training-settings', {
      token: people.ivy,
      body: { settings: { units: 'kg' } },
    });
    expect((await t().call('GET', '/api/users/me/training-settings', { token: people.ivy })).json().settings).toEqual({
      units: 'kg',
      timeZone: 'America/New_York',
      showRecords: true,
    });
  });

  it('refuse an unknown time zone or unit with 400, and need a token', async () => {
    const zone = await t().call('POST', '/api/users/me/training-settings', {
      token: people.ivy,
      body: { settings: { timeZone: 'Mars/Olympus_Mons' } },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ errors: [`settings.timeZone: ${trainingErrors.unknownTimeZone}`] });
    const unit = await t().call('POST', '/api/users/me/training-settings', {
      token: people.ivy,
      body: { settings: { units: 'stone' } },
    });
    expect(unit.statusCode).toBe(400);
    expect(
      (await t().call('GET', '/api/users/me/training-settings', { token: people.ivy })).json().settings.timeZone,
    ).toBe('America/New_York');
    expect((await t().call('GET', '/api/users/me/training-settings')).statusCode).toBe(401);
  });
});

describe('GET /api/users/{username}/records', () => {
  it('answers the current bests per exercise, warm-ups and deleted workouts left out', async () => {
    const res = await t().call('GET', '/api/users/hal_stats/records');
    expect(res.statusCode).toBe(200);
    expect(userRecordsResponseSchema.parse(res.json()).records).toEqual([
      {
        exerciseId: 'barbell-back-squat',
        name: 'Barbell Back Squat',
        measure: 'weight_reps',
        heaviestWeightKg: 110,
        bestE1rmKg: 121,
        bestVolumeKg: 1230,
        longestDistanceM: null,
        fastestPaceSecPerKm: null,
        mostReps: 10,
        longestDurationSec: null,
        fastest1kSec: null,
        fastest5kSec: null,
        fastest10kSec: null,
        sessions: 2,
        lastPerformedAt: '2026-03-09T07:00:00.000+00:00',
      },
      {
        exerciseId: 'running',
        name: 'Running',
        measure: 'distance_duration',
        heaviestWeightKg: null,
        bestE1rmKg: null,
        bestVolumeKg: null,
        longestDistanceM: 10000,
        fastestPaceSecPerKm: 240,
        mostReps: null,
        longestDurationSec: null,
        fastest1kSec: 240,
        fastest5kSec: 1500,
        fastest10kSec: 3300,
        sessions: 2,
        lastPerformedAt: '2026-03-16T07:00:00.000+00:00',
      },
    ]);
  });

  it('answers an empty table for someone who never logged, and 404 for nobody', async () => {
    expect((await t().call('GET', '/api/users/ivy_stats/records')).json()).toEqual({ records: [] });
    const res = await t().call('GET', '/api/users/nobody_stats/records');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.userNotFound] });
  });
});

const none = { mostReps: null, longestDurationSec: null, longestDistanceM: null, fastestPaceSecPerKm: null };
const noWeight = { e1rmKg: null, bestWeightKg: null, volumeKg: 0 };
const lifted = (mostReps: number) => ({ ...none, mostReps });
const ran = (longestDistanceM: number, fastestPaceSecPerKm: number) => ({
  ...none,
  longestDistanceM,
  fastestPaceSecPerKm,
});

describe('GET /api/users/{username}/progress', () => {
  it('answers one point per workout of the exercise, oldest first, within from and to', async () => {
    const res = await t().call('GET', '/api/users/hal_stats/progress?exerciseId=barbell-back-squat');
    expect(res.statusCode).toBe(200);
    expect(progressResponseSchema.parse(res.json()).points).toEqual([
      { date: '2026-03-02T07:00:00.000+00:00', e1rmKg: 116.67, bestWeightKg: 100, volumeKg: 500, ...lifted(5) },
      // The 160 kg warm-up single counts for nothing: 10 reps is the most of a work set.
      { date: '2026-03-09T07:00:00.000+00:00', e1rmKg: 121, bestWeightKg: 110, volumeKg: 1230, ...lifted(10) },
    ]);
    const later = await t().call(
      'GET',
      '/api/users/hal_stats/progress?exerciseId=barbell-back-squat&from=2026-03-05T00:00:00Z&to=2026-03-31T00:00:00%2B02:00',
    );
    expect(later.json().points.map((p: { date: string }) => p.date)).toEqual(['2026-03-09T07:00:00.000+00:00']);
    const runs = await t().call('GET', '/api/users/hal_stats/progress?exerciseId=running');
    expect(runs.json().points).toEqual([
      { date: '2026-03-02T07:00:00.000+00:00', ...noWeight, ...ran(5000, 300) },
      // The longest distance of the session, and the pace of its fastest set (1 km in 4:00).
      { date: '2026-03-16T07:00:00.000+00:00', ...noWeight, ...ran(10000, 240) },
    ]);
    expect((await t().call('GET', '/api/users/hal_stats/progress?exerciseId=plank')).json()).toEqual({ points: [] });
  });

  it('answers what a hold or a bodyweight exercise is charted by: the longest hold, the most reps', async () => {
    const kit = (await t().signup('kit_stats')).token;
    await log(kit, '2026-04-01T07:00:00Z', [
      { exerciseId: 'plank', sets: [{ durationSec: 200, type: 'warmup' }, { durationSec: 90 }, { durationSec: 60 }] },
      { exerciseId: 'pull-up', sets: [{ reps: 8 }, { reps: 6 }] },
    ]);
    const plank = await t().call('GET', '/api/users/kit_stats/progress?exerciseId=plank', { token: kit });
    expect(progressResponseSchema.parse(plank.json()).points).toEqual([
      { date: '2026-04-01T07:00:00.000+00:00', ...noWeight, ...none, longestDurationSec: 90 },
    ]);
    const pullUps = await t().call('GET', '/api/users/kit_stats/progress?exerciseId=pull-up', { token: kit });
    expect(pullUps.json().points).toEqual([
      { date: '2026-04-01T07:00:00.000+00:00', ...noWeight, ...none, mostReps: 8 },
    ]);
  });

  it('refuses a missing exercise, a bad date and from after to with 400', async () => {
    for (const query of [
      '',
      '?exerciseId=running&from=March',
      '?exerciseId=running&from=0000-01-01T00:00:00Z',
      '?exerciseId=running&from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z',
    ]) {
      const res = await t().call('GET', `/api/users/hal_stats/progress${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toHaveLength(1);
    }
  });
});

describe('GET /api/users/{username}/stats', () => {
  it('counts workouts, volume, this week and the weekly streak', async () => {
    const jo = (await t().signup('jo_streak')).token;
    // A Wednesday noon (UTC): the workouts a second or two before it are this week's whatever the
    // day the test runs on.
    const now = '2026-05-13T12:00:00.000Z';
    const before = (ms: number) => new Date(Date.parse(now) - ms).toISOString();
    await log(jo, before(1000), [squat(lift(50, 10))]);
    await log(jo, before(2000), [squat(lift(50, 10))]);
    await log(jo, before(week), [squat(lift(60, 10))]);
    await log(jo, before(2 * week), [squat(lift(70, 10))]);
    await log(jo, before(5 * week), [squat(lift(70, 10))]);
    const res = await statsAt(now, 'jo_streak');
    expect(res.statusCode).toBe(200);
    expect(userStatsResponseSchema.parse(res.json())).toEqual({
      workoutsThisWeek: 2,
      weeklyStreak: 3,
      totalVolumeKg: 500 + 500 + 600 + 700 + 700,
      workouts: 5,
    });
    expect((await statsAt(now, 'ivy_stats')).json()).toEqual({
      workoutsThisWeek: 0,
      weeklyStreak: 0,
      totalVolumeKg: 0,
      workouts: 0,
    });
  });

  it("counts weeks in the owner's time zone: a Sunday night in UTC is Monday in Berlin", async () => {
    const lea = (await t().signup('lea_zones')).token;
    // UTC: Sunday 1 Feb (week 5), Sunday 8 Feb 23:30 (week 6), Monday 9 Feb 03:00 (week 7).
    // Berlin (UTC+1) moves the Sunday night into Monday's week 7; New York (UTC-5) moves the early
    // Monday back into Sunday's week 6. Asked on Wednesday 11 Feb (week 7 in all three).
    await log(lea, '2026-02-01T12:00:00Z', [squat(lift(100, 5))]);
    await log(lea, '2026-02-08T23:30:00Z', [squat(lift(100, 5))]);
    await log(lea, '2026-02-09T03:00:00Z', [squat(lift(100, 5))]);
    const now = '2026-02-11T12:00:00Z';
    const totals = { totalVolumeKg: 1500, workouts: 3 };

    expect((await statsAt(now, 'lea_zones')).json()).toEqual({ workoutsThisWeek: 1, weeklyStreak: 3, ...totals });

    const zone = async (timeZone: string) => {
      const res = await t().call('POST', '/api/users/me/training-settings', {
        token: lea,
        body: { settings: { timeZone } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await zone('Europe/Berlin');
    const berlin = await statsAt(now, 'lea_zones');
    expect(berlin.statusCode).toBe(200);
    // Both Monday workouts this week; week 6 empty, so the streak is this week alone. Read by a
    // visitor, who has no time zone: the weeks are the owner's.
    expect(userStatsResponseSchema.parse(berlin.json())).toEqual({ workoutsThisWeek: 2, weeklyStreak: 1, ...totals });

    await zone('America/New_York');
    // Nothing yet this week; the streak runs on from last week (both Sunday workouts) and week 5.
    expect((await statsAt(now, 'lea_zones')).json()).toEqual({ workoutsThisWeek: 0, weeklyStreak: 2, ...totals });
  });
});

describe('showRecords: false', () => {
  it('hides records, progress and stats from everyone but the owner', async () => {
    const kai = (await t().signup('kai_private')).token;
    await log(kai, '2026-03-02T07:00:00Z', [squat(lift(100, 5))]);
    await t().call('POST', '/api/users/me/training-settings', {
      token: kai,
      body: { settings: { showRecords: false } },
    });
    for (const path of ['records', 'progress?exerciseId=barbell-back-squat', 'stats']) {
      for (const token of [undefined, people.hal]) {
        const res = await t().call('GET', `/api/users/kai_private/${path}`, token ? { token } : {});
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toEqual({ errors: [trainingErrors.recordsPrivate] });
      }
      expect((await t().call('GET', `/api/users/kai_private/${path}`, { token: kai })).statusCode, path).toBe(200);
    }
  });
});
