import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { planProblems } from './helpers/plans';
import { type QueryLog, recordQueries } from './helpers/query-log';
import { type CallOptions, useTestApp } from './helpers/test-app';

/**
 * The training log's calls read its tables through their indexes (EXPLAIN on either database, as
 * query-plans.test.ts does for posts), and a page of workouts costs the same number of queries
 * whatever its size.
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

const state = { token: '', otherToken: '', workout: '', custom: '' };
const squat = (weightKg: number) => ({ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg }] });
const body = (d: number, weightKg: number) => ({
  workout: { title: 'Plans', startedAt: new Date(Date.UTC(2026, 0, d)).toISOString(), exercises: [squat(weightKg)] },
});

beforeAll(async () => {
  state.token = (await t().signup('plans_lifter')).token;
  state.otherToken = (await t().signup('plans_other')).token;
  for (const token of [state.token, state.otherToken]) {
    for (let d = 1; d <= 30; d++) await t().call('POST', '/api/workouts', { token, body: body(d, 60 + d) });
  }
});

interface Step {
  method: InjectOptions['method'];
  url: () => string;
  options?: () => CallOptions;
  orderedWalks?: string[];
}

describe('query plans of the training log', () => {
  const signedIn = () => ({ token: state.token });
  const steps: Record<string, Step> = {
    'search exercises': { method: 'GET', url: () => '/api/exercises?q=squat', options: signedIn },
    'create exercise': {
      method: 'POST',
      url: () => '/api/exercises',
      options: () => ({
        ...signedIn(),
        body: {
          exercise: { name: 'Plan Press', category: 'strength', measure: 'weight_reps', primaryMuscles: ['chest'] },
        },
      }),
    },
    'create workout (back-filled)': {
      method: 'POST',
      url: () => '/api/workouts',
      options: () => ({ ...signedIn(), body: body(15, 200) }),
    },
    'get workout': { method: 'GET', url: () => `/api/workouts/${state.workout}` },
    'edit workout': {
      method: 'POST',
      url: () => `/api/workouts/edit/${state.workout}`,
      options: () => ({ ...signedIn(), body: body(3, 150) }),
    },
    'workouts page': { method: 'GET', url: () => '/api/users/plans_lifter/workouts?limit=5' },
    records: { method: 'GET', url: () => '/api/users/plans_lifter/records' },
    progress: {
      method: 'GET',
      url: () => '/api/users/plans_lifter/progress?exerciseId=barbell-back-squat&from=2026-01-10T00:00:00Z',
    },
    stats: { method: 'GET', url: () => '/api/users/plans_lifter/stats' },
    'training settings': {
      method: 'POST',
      url: () => '/api/users/me/training-settings',
      options: () => ({ ...signedIn(), body: { settings: { timeZone: 'Asia/Tokyo' } } }),
    },
    'delete workout': { method: 'DELETE', url: () => `/api/workouts/${state.workout}`, options: signedIn },
  };

  it('no call reads a whole training table', async () => {
    const problems: string[] = [];
    for (const [name, step] of Object.entries(steps)) {
      taken();
      const res = await t().call(step.method, step.url(), step.options?.());
      const queries = taken();
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      if (name === 'create workout (back-filled)') state.workout = res.json().workout._id;
      for (const p of await planProblems(t().db, queries, step.orderedWalks)) {
        problems.push(`${name}: ${p.problem}\n  ${p.sql}\n  ${p.plan.replace(/\n/g, '\n  ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a page of workouts runs as many queries for 1 workout as for 30', async () => {
    const counts: number[] = [];
    for (const limit of [1, 10, 30]) {
      taken();
      const res = await t().call('GET', `/api/users/plans_other/workouts?limit=${limit}`);
      expect(res.json().workouts).toHaveLength(limit);
      counts.push(taken().length);
    }
    expect(new Set(counts).size, `queries for 1, 10 and 30 workouts: ${counts.join(', ')}`).toBe(1);
  });
});
