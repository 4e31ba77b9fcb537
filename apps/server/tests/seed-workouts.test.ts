import {
  type CardPost,
  progressResponseSchema,
  userStatsResponseSchema,
  workoutPageSchema,
} from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { seedShiftMs, seedTime } from '../src/seed/clock';
import { seedWeeks, seedWorkouts } from '../src/seed/workouts';
import { seedPost } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('the demo network’s training history', () => {
  it('gives every demo person eight weeks of workouts, with records and a progress line', async () => {
    for (const username of ['maya_lifts', 'coach_dan', 'runwithpriya', 'mobility_mo', 'guest']) {
      const res = await t().call('GET', `/api/users/${username}/workouts?limit=50`);
      expect(res.statusCode, res.body).toBe(200);
      const { workouts } = workoutPageSchema.parse(res.json());
      expect(workouts.length, username).toBeGreaterThanOrEqual(2 * seedWeeks);
      const weeks = new Set(
        workouts.map((w) => Math.floor((Date.parse(w.startedAt) - Date.UTC(2026, 8, 28) - seedShiftMs) / 604_800_000)),
      );
      expect(weeks.size, username).toBe(seedWeeks);
    }
    const maya = workoutPageSchema.parse((await t().call('GET', '/api/users/maya_lifts/workouts?limit=50')).json());
    expect(maya.workouts.flatMap((w) => w.records).length).toBeGreaterThan(10);
    const progress = await t().call('GET', '/api/users/maya_lifts/progress?exerciseId=barbell-back-squat');
    const { points } = progressResponseSchema.parse(progress.json());
    expect(points).toHaveLength(seedWeeks);
    expect(points[seedWeeks - 1]?.bestWeightKg).toBeGreaterThan(points[0]?.bestWeightKg ?? 0);
    const stats = userStatsResponseSchema.parse((await t().call('GET', '/api/users/maya_lifts/stats')).json());
    expect(stats.workouts).toBe(3 * seedWeeks);
  });

  it('is the same at every seeding, and one demo post shares its workout', async () => {
    expect(seedWorkouts).toHaveLength(160);
    expect(seedWorkouts[0]?.workout.startedAt).toBe(seedTime('2026-09-28T07:00:00.000Z'));
    const res = await t().call('GET', `/api/posts/${seedPost('maya-meet').id}/card`);
    const { workout } = res.json().post as CardPost;
    expect(workout).toMatchObject({
      title: 'Deadlift day',
      startedAt: seedTime('2026-10-30T07:00:00.000Z').replace('Z', '+00:00'),
    });
  });
});
