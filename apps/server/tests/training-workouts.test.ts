import { apiErrors, trainingErrors } from '@spotter/contract';
import { type Workout, workoutPageSchema, workoutResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayRecords } from '../src/modules/training/records';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

interface Person {
  token: string;
  username: string;
}
const signup = async (username: string): Promise<Person> => ({ token: (await t().signup(username)).token, username });

type SetInput = Record<string, unknown>;
const squat = (...sets: SetInput[]) => ({ exerciseId: 'barbell-back-squat', sets });
const bench = (...sets: SetInput[]) => ({ exerciseId: 'barbell-bench-press', sets });
const running = (...sets: SetInput[]) => ({ exerciseId: 'running', sets });
const lift = (weightKg: number, reps: number, type?: string) => ({ weightKg, reps, ...(type ? { type } : {}) });
const day = (d: number, hour = 7) => new Date(Date.UTC(2026, 9, d, hour)).toISOString();

const body = (startedAt: string, exercises: object[], extra: object = {}) => ({
  workout: { title: 'Session', startedAt, exercises, ...extra },
});

async function log(person: Person, startedAt: string, exercises: object[], extra: object = {}): Promise<Workout> {
  const res = await t().call('POST', '/api/workouts', { token: person.token, body: body(startedAt, exercises, extra) });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout;
}
async function fetchWorkout(id: string): Promise<Workout> {
  const res = await t().call('GET', `/api/workouts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return workoutResponseSchema.parse(res.json()).workout;
}
const recordsOf = (workout: Workout) =>
  workout.records.map(
    (r) => `${r.exerciseId} ${r.type} ${r.value}${r.weightKg === null ? '' : ` @${r.weightKg}`} (${r.previous})`,
  );
async function workoutsOf(username: string) {
  const res = await t().call('GET', `/api/users/${username}/workouts?limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return workoutPageSchema.parse(res.json()).workouts;
}

describe('POST /api/workouts', () => {
  let ana: Person;
  beforeAll(async () => {
    ana = await signup('ana_logs');
  });

  it('answers 201 with the workout as stored and the figures the server computes', async () => {
    const workout = await log(
      ana,
      '2026-10-01T08:30:00+02:00',
      [
        {
          ...squat(lift(60, 10, 'warmup'), lift(100, 5), { ...lift(105, 3), rpe: 8.5 }, lift(80, 8, 'drop')),
          notes: 'belt',
        },
        running({ distanceM: 3000, durationSec: 900 }),
      ],
      { durationSec: 3600, notes: 'felt strong' },
    );
    expect(workout).toMatchObject({
      username: 'ana_logs',
      title: 'Session',
      startedAt: '2026-10-01T06:30:00.000+00:00',
      durationSec: 3600,
      notes: 'felt strong',
      totalVolumeKg: 500 + 315 + 640,
      records: [],
    });
    const [squatDone, run] = workout.exercises;
    expect(squatDone).toEqual({
      exerciseId: 'barbell-back-squat',
      name: 'Barbell Back Squat',
      category: 'strength',
      measure: 'weight_reps',
      notes: 'belt',
      sets: [
        { type: 'warmup', reps: 10, weightKg: 60, distanceM: null, durationSec: null, rpe: null, done: true },
        { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null, rpe: null, done: true },
        { type: 'normal', reps: 3, weightKg: 105, distanceM: null, durationSec: null, rpe: 8.5, done: true },
        { type: 'drop', reps: 8, weightKg: 80, distanceM: null, durationSec: null, rpe: null, done: true },
      ],
      restSec: null,
      supersetGroup: null,
      volumeKg: 1455,
      bestSet: {
        type: 'normal',
        reps: 3,
        weightKg: 105,
        distanceM: null,
        durationSec: null,
        rpe: 8.5,
        done: true,
        index: 2,
      },
      e1rmKg: 116.67,
    });
    expect(run).toMatchObject({ volumeKg: 0, e1rmKg: null, bestSet: { distanceM: 3000, durationSec: 900, index: 0 } });
    expect(await fetchWorkout(workout._id)).toEqual(workout);
  });

  it('answers the records a workout sets against the earlier ones, ties and warm-ups setting none', async () => {
    const bo = await signup('bo_records');
    await log(bo, day(1), [squat(lift(100, 5), lift(80, 8)), running({ distanceM: 5000, durationSec: 1500 })]);
    const tie = await log(bo, day(3), [squat(lift(140, 1, 'warmup'), lift(100, 5), lift(80, 8))]);
    expect(tie.records).toEqual([]);
    const better = await log(bo, day(5), [
      squat(lift(100, 5), lift(80, 10)),
      running({ distanceM: 5000, durationSec: 1450 }),
    ]);
    expect(recordsOf(better)).toEqual([
      'barbell-back-squat bestVolume 1300 (1140)',
      'barbell-back-squat mostReps 10 @80 (8)',
      'running fastestPace 290 (300)',
      'running fastest1k 290 (300)',
      'running fastest5k 1450 (1500)',
    ]);
    const heavier = await log(bo, day(7), [squat(lift(110, 3))]);
    expect(recordsOf(heavier)).toEqual([
      'barbell-back-squat heaviestWeight 110 (100)',
      'barbell-back-squat bestE1rm 121 (116.67)',
    ]);
  });

  it('recomputes the records of later workouts when an earlier one is logged afterwards', async () => {
    const cy = await signup('cy_backfill');
    await log(cy, day(1), [bench(lift(60, 5))]);
    const later = await log(cy, day(10), [bench(lift(70, 5))]);
    expect(recordsOf(later)).toContain('barbell-bench-press heaviestWeight 70 (60)');
    const backfilled = await log(cy, day(5), [bench(lift(75, 5))]);
    expect(recordsOf(backfilled)).toContain('barbell-bench-press heaviestWeight 75 (60)');
    expect((await fetchWorkout(later._id)).records).toEqual([]);
  });

  it("refuses a set without what its exercise's measure needs, or with what it does not record", async () => {
    const cases: [object, string][] = [
      [squat({ weightKg: 100 }), 'workout.exercises.0.sets.0.reps: needs reps for this exercise'],
      [running({ durationSec: 600 }), 'workout.exercises.0.sets.0.distanceM: needs distanceM for this exercise'],
      [
        { exerciseId: 'plank', sets: [{ reps: 3 }] },
        'workout.exercises.0.sets.0.durationSec: needs durationSec for this exercise',
      ],
      [squat({ reps: 5, distanceM: 10 }), 'workout.exercises.0.sets.0.distanceM: is not measured for this exercise'],
      [
        { exerciseId: 'no-such-lift', sets: [{ reps: 1 }] },
        `workout.exercises.0.exerciseId: ${trainingErrors.exerciseNotFound}`,
      ],
    ];
    for (const [exercise, message] of cases) {
      const res = await t().call('POST', '/api/workouts', { token: ana.token, body: body(day(2), [exercise]) });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ errors: [message] });
    }
  });

  it('refuses weights over 1000 kg, an RPE over 10, 51 exercises, 101 sets and a bad date, storing nothing', async () => {
    const before = await workoutsOf('ana_logs');
    const set = lift(100, 5);
    const cases: [object, string][] = [
      [body(day(2), [squat(lift(1000.5, 1))]), 'workout.exercises.0.sets.0.weightKg: must be between 0 and 1000 kg'],
      [body(day(2), [squat({ ...set, rpe: 11 })]), `workout.exercises.0.sets.0.rpe: ${trainingErrors.rpeSteps}`],
      [
        body(
          day(2),
          Array.from({ length: 51 }, () => squat(set)),
        ),
        'workout.exercises: must have at most 50 exercises',
      ],
      [
        body(day(2), [squat(...Array.from({ length: 101 }, () => set))]),
        'workout.exercises.0.sets: must have at most 100 sets',
      ],
      [
        body('last tuesday', [squat(set)]),
        'workout.startedAt: must be an ISO 8601 date and time, e.g. 2026-11-23T07:30:00Z',
      ],
      [{ workout: { startedAt: day(2), exercises: [squat(set)] } }, 'workout.title: is required'],
    ];
    for (const [sent, message] of cases) {
      const res = await t().call('POST', '/api/workouts', { token: ana.token, body: sent });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors, message).toEqual([message]);
    }
    expect(await workoutsOf('ana_logs')).toEqual(before);
  });

  it('takes 50 exercises of 100 sets each', async () => {
    const many = Array.from({ length: 50 }, () => squat(...Array.from({ length: 100 }, () => lift(20, 1))));
    const workout = await log(ana, day(20), many);
    expect(workout.exercises).toHaveLength(50);
    expect(workout.totalVolumeKg).toBe(50 * 100 * 20);
  });

  it("logs one's own custom exercise, not another person's", async () => {
    const dee = await signup('dee_custom');
    const created = await t().call('POST', '/api/exercises', {
      token: dee.token,
      body: {
        exercise: { name: 'Yoke Walk', category: 'strength', measure: 'distance_duration', primaryMuscles: ['traps'] },
      },
    });
    const yoke = created.json().exercise._id as string;
    const own = await log(dee, day(2), [{ exerciseId: yoke, sets: [{ distanceM: 20, durationSec: 15 }] }]);
    expect(own.exercises[0]?.name).toBe('Yoke Walk');
    const res = await t().call('POST', '/api/workouts', {
      token: ana.token,
      body: body(day(2), [{ exerciseId: yoke, sets: [{ distanceM: 20 }] }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [`workout.exercises.0.exerciseId: ${trainingErrors.exerciseNotFound}`] });
  });

  it('needs a token', async () => {
    const res = await t().call('POST', '/api/workouts', { body: body(day(2), [squat(lift(100, 5))]) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [apiErrors.invalidToken] });
  });
});

describe('editing and deleting a workout', () => {
  let eve: Person;
  let first: Workout;
  let second: Workout;
  let third: Workout;
  beforeAll(async () => {
    eve = await signup('eve_edits');
    first = await log(eve, day(1), [squat(lift(100, 5))]);
    second = await log(eve, day(2), [squat(lift(105, 5))]);
    third = await log(eve, day(3), [squat(lift(110, 5))]);
  });

  it('POST /api/workouts/edit/{id} rewrites the workout and recomputes the later records', async () => {
    expect(recordsOf(third)).toContain('barbell-back-squat heaviestWeight 110 (105)');
    const res = await t().call('POST', `/api/workouts/edit/${first._id}`, {
      token: eve.token,
      body: body(day(1), [squat(lift(120, 5))], { title: 'Heavy day' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = workoutResponseSchema.parse(res.json()).workout;
    expect(edited).toMatchObject({ _id: first._id, title: 'Heavy day', totalVolumeKg: 600, records: [] });
    expect(edited.exercises[0]?.bestSet?.weightKg).toBe(120);
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect((await fetchWorkout(second._id)).records).toEqual([]);
    expect((await fetchWorkout(third._id)).records).toEqual([]);
  });

  it('moving a workout later in time recomputes records on both sides of the move', async () => {
    const res = await t().call('POST', `/api/workouts/edit/${first._id}`, {
      token: eve.token,
      body: body(day(4), [squat(lift(120, 5))]),
    });
    expect(res.statusCode).toBe(200);
    expect(recordsOf(res.json().workout)).toContain('barbell-back-squat heaviestWeight 120 (110)');
    expect(recordsOf(await fetchWorkout(third._id))).toContain('barbell-back-squat heaviestWeight 110 (105)');
    expect((await fetchWorkout(second._id)).records).toEqual([]);
  });

  it('DELETE /api/workouts/{id} removes it and recomputes the later records', async () => {
    const res = await t().call('DELETE', `/api/workouts/${second._id}`, { token: eve.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedWorkoutId: second._id });
    expect((await t().call('GET', `/api/workouts/${second._id}`)).statusCode).toBe(404);
    // With second gone and first moved after it, third is the first squat session: it sets no record.
    expect((await fetchWorkout(third._id)).records).toEqual([]);
    expect(recordsOf(await fetchWorkout(first._id))).toContain('barbell-back-squat heaviestWeight 120 (110)');
    expect((await workoutsOf('eve_edits')).map((w) => w._id)).toEqual([first._id, third._id]);
  });

  it("refuses another person's edit or delete with 403, an unknown workout with 404, no token with 401", async () => {
    const mallory = await signup('mallory_edits');
    const edit = await t().call('POST', `/api/workouts/edit/${third._id}`, {
      token: mallory.token,
      body: body(day(3), [squat(lift(1, 1))]),
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ errors: [trainingErrors.cannotEditWorkout] });
    const del = await t().call('DELETE', `/api/workouts/${third._id}`, { token: mallory.token });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ errors: [trainingErrors.cannotDeleteWorkout] });
    expect((await fetchWorkout(third._id)).exercises[0]?.sets[0]?.weightKg).toBe(110);

    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/api/workouts/edit/${ghost}`],
      ['DELETE', `/api/workouts/${ghost}`],
    ] as const) {
      const res = await t().call(method, url, { token: eve.token, body: body(day(3), [squat(lift(1, 1))]) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: [trainingErrors.workoutNotFound] });
    }
    const got = await t().call('GET', `/api/workouts/${ghost}`);
    expect(got.statusCode).toBe(404);
    expect(got.json()).toEqual({ errors: [trainingErrors.workoutNotFound] });
    expect((await t().call('DELETE', `/api/workouts/${third._id}`)).statusCode).toBe(401);
    expect(
      (await t().call('POST', `/api/workouts/edit/${third._id}`, { body: body(day(3), [squat(lift(1, 1))]) }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an edit that breaks a rule with 400 and keeps the workout as it was', async () => {
    const res = await t().call('POST', `/api/workouts/edit/${third._id}`, {
      token: eve.token,
      body: body(day(3), [squat({ weightKg: 100 })]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['workout.exercises.0.sets.0.reps: needs reps for this exercise'] });
    expect((await fetchWorkout(third._id)).exercises[0]?.sets[0]).toMatchObject({ reps: 5, weightKg: 110 });
  });
});

describe('GET /api/users/{username}/workouts', () => {
  let fay: Person;
  const ids: string[] = [];
  beforeAll(async () => {
    fay = await signup('fay_pages');
    for (let d = 1; d <= 5; d++) ids.push((await log(fay, day(d), [bench(lift(50 + d, 5))]))._id);
    // Two started at the same instant: the id breaks the tie, so neither is skipped or repeated.
    ids.push((await log(fay, day(6), [bench(lift(40, 5))]))._id, (await log(fay, day(6), [bench(lift(40, 5))]))._id);
  });

  it('pages latest first with a cursor, never repeating or skipping one', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/users/fay_pages/workouts?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t().call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const page = workoutPageSchema.parse(res.json());
      expect(page.workouts.length).toBeLessThanOrEqual(2);
      seen.push(...page.workouts.map((w) => w._id));
      cursor = page.nextCursor;
    } while (cursor);
    const sameInstant = ids.slice(5).sort().reverse();
    expect(seen).toEqual([...sameInstant, ...ids.slice(0, 5).reverse()]);
  });

  it('answers 20 a page by default with whole workouts, and finds the person regardless of case', async () => {
    const res = await t().call('GET', '/api/users/FAY_PAGES/workouts');
    expect(res.statusCode).toBe(200);
    const page = workoutPageSchema.parse(res.json());
    expect(page.workouts).toHaveLength(7);
    expect(page.nextCursor).toBeNull();
    expect(page.workouts[6]).toEqual(await fetchWorkout(ids[0] ?? ''));
  });

  it('answers an empty page for someone with no workouts', async () => {
    await signup('gus_idle');
    expect((await t().call('GET', '/api/users/gus_idle/workouts')).json()).toEqual({ workouts: [], nextCursor: null });
  });

  it('refuses a limit over 50 and a made-up cursor with 400, an unknown person with 404', async () => {
    const yearZero = Buffer.from(JSON.stringify({ t: '0000-01-01T00:00:00.000Z', i: 'x' })).toString('base64url');
    for (const query of ['limit=51', 'limit=0', 'cursor=not-a-cursor', `cursor=${yearZero}`]) {
      const res = await t().call('GET', `/api/users/fay_pages/workouts?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toHaveLength(1);
    }
    const res = await t().call('GET', '/api/users/nobody_here/workouts');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.userNotFound] });
  });
});

describe('records written step by step', () => {
  it('equal a full replay of the final history, whatever order workouts were logged, edited and deleted in', async () => {
    const kit = await signup('kit_replay');
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const sessionFor = () => [
      squat(lift(60, 10, 'warmup'), lift(80 + random(5) * 5, 1 + random(8)), lift(80 + random(3) * 5, 1 + random(12))),
      running({ distanceM: 1000 + random(4) * 1000, durationSec: 300 + random(600) }),
    ];
    const logged: { id: string; startedAt: string; exercises: ReturnType<typeof sessionFor> }[] = [];
    for (let i = 0; i < 24; i++) {
      const startedAt = day(1 + random(20), random(24));
      const exercises = sessionFor();
      logged.push({ id: (await log(kit, startedAt, exercises))._id, startedAt, exercises });
    }
    for (let i = 0; i < 6; i++) {
      const target = logged[random(logged.length)];
      if (!target) continue;
      target.startedAt = day(1 + random(20), random(24));
      target.exercises = sessionFor();
      const res = await t().call('POST', `/api/workouts/edit/${target.id}`, {
        token: kit.token,
        body: body(target.startedAt, target.exercises),
      });
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < 4; i++) {
      const [gone] = logged.splice(random(logged.length), 1);
      if (gone) await t().call('DELETE', `/api/workouts/${gone.id}`, { token: kit.token });
    }

    const sessions = logged.flatMap((w) =>
      w.exercises.map((e) => ({
        workoutId: w.id,
        startedAt: new Date(w.startedAt).toISOString(),
        exerciseId: e.exerciseId,
        sets: e.sets.map((s) => ({
          type: ((s as { type?: string }).type ?? 'normal') as 'normal' | 'warmup',
          reps: (s as { reps?: number }).reps ?? null,
          weightKg: (s as { weightKg?: number }).weightKg ?? null,
          distanceM: (s as { distanceM?: number }).distanceM ?? null,
          durationSec: (s as { durationSec?: number }).durationSec ?? null,
          rpe: null,
        })),
      })),
    );
    const expected = replayRecords(sessions).records;
    const key = (r: {
      workoutId?: string;
      exerciseId: string;
      type: string;
      value: number;
      weightKg: number | null;
      previous: number;
    }) => `${r.workoutId} ${r.exerciseId} ${r.type} ${r.value} ${r.weightKg} ${r.previous}`;
    const stored: string[] = [];
    for (const w of logged) {
      for (const r of (await fetchWorkout(w.id)).records) stored.push(key({ ...r, workoutId: w.id }));
    }
    expect(expected.length).toBeGreaterThan(3);
    expect(stored.sort()).toEqual(expected.map(key).sort());
  });
});
