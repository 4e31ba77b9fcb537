import { trainingErrors, trainingLimits } from '@spotter/contract';
import {
  lastSessionResponseSchema,
  type Routine,
  routineResponseSchema,
  routinesResponseSchema,
  type Workout,
  workoutResponseSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

interface Person {
  token: string;
  username: string;
}
const signup = async (username: string): Promise<Person> => ({ token: (await t().signup(username)).token, username });

const day = (d: number, hour = 7) => new Date(Date.UTC(2026, 9, d, hour)).toISOString();

const pushDay = {
  title: 'Push day',
  notes: 'heavy week',
  exercises: [
    {
      exerciseId: 'barbell-bench-press',
      notes: 'pause the first rep',
      restSec: 180,
      sets: [{ type: 'warmup', reps: 10, weightKg: 40 }, { reps: 5, weightKg: 80 }, { reps: 5 }],
    },
    { exerciseId: 'dumbbell-lateral-raise', supersetGroup: 1, sets: [{ reps: 12, weightKg: 10 }] },
    { exerciseId: 'triceps-pushdown', supersetGroup: 1, restSec: 60, sets: [{ reps: 15 }] },
    { exerciseId: 'plank', sets: [{ durationSec: 60 }] },
  ],
};

async function createRoutine(person: Person, routine: object = pushDay): Promise<Routine> {
  const res = await t().call('POST', '/api/routines', { token: person.token, body: { routine } });
  expect(res.statusCode, res.body).toBe(201);
  return routineResponseSchema.parse(res.json()).routine;
}
async function log(person: Person, startedAt: string, exercises: object[], extra: object = {}): Promise<Workout> {
  const res = await t().call('POST', '/api/workouts', {
    token: person.token,
    body: { workout: { title: 'Session', startedAt, exercises, ...extra } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout;
}
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: string[] }).errors;

describe('routines: POST, GET, edit, DELETE /api/routines', () => {
  let ana: Person;
  let ben: Person;
  beforeAll(async () => {
    ana = await signup('ana_routines');
    ben = await signup('ben_routines');
  });

  it('creates a routine and answers it with its exercises named, their plan and planned sets', async () => {
    const routine = await createRoutine(ana);
    expect(routine).toMatchObject({ title: 'Push day', notes: 'heavy week' });
    expect(
      routine.exercises.map((e) => [e.exerciseId, e.name, e.measure, e.notes, e.restSec, e.supersetGroup]),
    ).toEqual([
      ['barbell-bench-press', 'Barbell Bench Press', 'weight_reps', 'pause the first rep', 180, null],
      ['dumbbell-lateral-raise', 'Dumbbell Lateral Raise', 'weight_reps', '', null, 1],
      ['triceps-pushdown', 'Triceps Pushdown', 'weight_reps', '', 60, 1],
      ['plank', 'Plank', 'duration', '', null, null],
    ]);
    expect(routine.exercises[0]?.sets).toEqual([
      { type: 'warmup', reps: 10, weightKg: 40, distanceM: null, durationSec: null },
      { type: 'normal', reps: 5, weightKg: 80, distanceM: null, durationSec: null },
      { type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null },
    ]);
    // Without ?with=last, no exercise carries a last session.
    expect(routine.exercises.every((e) => e.last === undefined)).toBe(true);

    const got = await t().call('GET', `/api/routines/${routine._id}`, { token: ana.token });
    expect(got.statusCode, got.body).toBe(200);
    expect(routineResponseSchema.parse(got.json()).routine).toEqual(routine);
  });

  it("lists one's own routines only, the latest changed first", async () => {
    const cara = await signup('cara_routines');
    const legs = await createRoutine(cara, { ...pushDay, title: 'Legs' });
    const pull = await createRoutine(cara, { ...pushDay, title: 'Pull' });
    await createRoutine(ben, { ...pushDay, title: "Ben's" });
    const res = await t().call('GET', '/api/routines', { token: cara.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(routinesResponseSchema.parse(res.json()).routines.map((r) => r._id)).toEqual([pull._id, legs._id]);

    const edited = await t().call('POST', `/api/routines/edit/${legs._id}`, {
      token: cara.token,
      body: { routine: { title: 'Legs B', exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5 }] }] } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const legsB = routineResponseSchema.parse(edited.json()).routine;
    expect(legsB).toMatchObject({ _id: legs._id, title: 'Legs B', notes: '', createdAt: legs.createdAt });
    expect(legsB.exercises.map((e) => e.exerciseId)).toEqual(['barbell-back-squat']);
    const after = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: cara.token })).json());
    expect(after.routines.map((r) => r.title)).toEqual(['Legs B', 'Pull']);
    // The list read before the edit answers the edited exercises after it, not the ones it read.
    expect(after.routines[0]?.exercises).toEqual(legsB.exercises);
    expect(after.routines[0]?.exercises[0]?.sets).toEqual([
      { type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null },
    ]);
  });

  it("answers 404 for another's routine on every call, and changes nothing", async () => {
    const routine = await createRoutine(ana, { ...pushDay, title: 'Private' });
    const id = routine._id;
    const calls = [
      t().call('GET', `/api/routines/${id}`, { token: ben.token }),
      t().call('GET', `/api/routines/${id}?with=last`, { token: ben.token }),
      t().call('POST', `/api/routines/edit/${id}`, { token: ben.token, body: { routine: pushDay } }),
      t().call('DELETE', `/api/routines/${id}`, { token: ben.token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorsOf(res)).toEqual([trainingErrors.routineNotFound]);
    }
    const still = await t().call('GET', `/api/routines/${id}`, { token: ana.token });
    expect(routineResponseSchema.parse(still.json()).routine.title).toBe('Private');
    const bens = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: ben.token })).json());
    expect(bens.routines.map((r) => r._id)).not.toContain(id);
  });

  it('needs a signed-in person for every call', async () => {
    const routine = await createRoutine(ana);
    for (const [method, url] of [
      ['GET', '/api/routines'],
      ['POST', '/api/routines'],
      ['GET', `/api/routines/${routine._id}`],
      ['POST', `/api/routines/edit/${routine._id}`],
      ['DELETE', `/api/routines/${routine._id}`],
      ['POST', '/api/routines/from-workout/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/exercises/barbell-back-squat/last'],
    ] as const) {
      const res = await t().call(method, url, { body: method === 'POST' ? { routine: pushDay } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('deletes a routine: gone from the list, 404 after; a workout started from it stays, naming none', async () => {
    const routine = await createRoutine(ana, { ...pushDay, title: 'Doomed' });
    const workout = await log(ana, day(2), [{ exerciseId: 'plank', sets: [{ durationSec: 45 }] }], {
      routineId: routine._id,
    });
    expect(workout.routineId).toBe(routine._id);
    const res = await t().call('DELETE', `/api/routines/${routine._id}`, { token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deletedRoutineId: routine._id });
    expect((await t().call('GET', `/api/routines/${routine._id}`, { token: ana.token })).statusCode).toBe(404);
    expect((await t().call('DELETE', `/api/routines/${routine._id}`, { token: ana.token })).statusCode).toBe(404);
    const kept = await t().call('GET', `/api/workouts/${workout._id}`);
    expect(workoutResponseSchema.parse(kept.json()).workout).toMatchObject({ _id: workout._id, routineId: null });
  });

  it('refuses bad routines with 400 naming the field, and stores nothing', async () => {
    const dana = await signup('dana_routines');
    const cases: [object, string][] = [
      [{ ...pushDay, title: '  ' }, 'routine.title: is required'],
      [{ ...pushDay, exercises: [] }, 'routine.exercises: must have at least one exercise'],
      [
        { ...pushDay, exercises: [{ exerciseId: 'no-such-lift', sets: [{ reps: 5 }] }] },
        `routine.exercises.0.exerciseId: ${trainingErrors.exerciseNotFound}`,
      ],
      [
        { ...pushDay, exercises: [{ exerciseId: 'plank', sets: [{ reps: 5 }] }] },
        `routine.exercises.0.sets.0.reps: ${trainingErrors.notForMeasure}`,
      ],
      [
        { ...pushDay, exercises: [{ exerciseId: 'plank', restSec: 4000, sets: [{ durationSec: 30 }] }] },
        `routine.exercises.0.restSec: must be between 0 and ${trainingLimits.maxRestSec} s`,
      ],
      [
        { ...pushDay, exercises: [{ exerciseId: 'plank', supersetGroup: 0, sets: [{ durationSec: 30 }] }] },
        `routine.exercises.0.supersetGroup: must be between 1 and ${trainingLimits.maxSupersetGroup}`,
      ],
      [
        { ...pushDay, exercises: [{ exerciseId: 'plank', sets: [] }] },
        'routine.exercises.0.sets: must have at least one set',
      ],
    ];
    for (const [routine, message] of cases) {
      const res = await t().call('POST', '/api/routines', { token: dana.token, body: { routine } });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toContain(message);
    }
    const list = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: dana.token })).json());
    expect(list.routines).toEqual([]);
    const badQuery = await t().call('GET', '/api/routines/00000000-0000-4000-8000-000000000000?with=everything', {
      token: dana.token,
    });
    expect(badQuery.statusCode).toBe(400);
    const unknown = await t().call('GET', '/api/routines/00000000-0000-4000-8000-000000000000', { token: dana.token });
    expect(unknown.statusCode).toBe(404);
  });

  it(`keeps at most ${trainingLimits.routinesPerPerson} routines a person (409 beyond)`, async () => {
    const eve = await signup('eve_routines');
    const small = { title: 'R', exercises: [{ exerciseId: 'plank', sets: [{ durationSec: 30 }] }] };
    for (let i = 0; i < trainingLimits.routinesPerPerson; i += 1) await createRoutine(eve, small);
    const res = await t().call('POST', '/api/routines', { token: eve.token, body: { routine: small } });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorsOf(res)).toEqual([trainingErrors.tooManyRoutines]);
    const list = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: eve.token })).json());
    expect(list.routines).toHaveLength(trainingLimits.routinesPerPerson);
  });
});

describe('POST /api/routines/from-workout/{workoutId}', () => {
  it("saves one's workout as a routine: exercises, plan and sets, without the day's RPE and done", async () => {
    const fay = await signup('fay_routines');
    const workout = await log(
      fay,
      day(3),
      [
        {
          exerciseId: 'barbell-back-squat',
          notes: 'belt',
          restSec: 150,
          supersetGroup: 2,
          sets: [
            { type: 'warmup', reps: 8, weightKg: 60 },
            { reps: 5, weightKg: 100, rpe: 8.5 },
            { reps: 5, weightKg: 100, done: false },
          ],
        },
        { exerciseId: 'running', sets: [{ distanceM: 5000, durationSec: 1650 }] },
      ],
      { title: 'Legs and run', notes: 'tired' },
    );
    const res = await t().call('POST', `/api/routines/from-workout/${workout._id}`, { token: fay.token });
    expect(res.statusCode, res.body).toBe(201);
    const routine = routineResponseSchema.parse(res.json()).routine;
    expect(routine).toMatchObject({ title: 'Legs and run', notes: 'tired' });
    expect(routine.exercises.map((e) => [e.exerciseId, e.notes, e.restSec, e.supersetGroup, e.sets])).toEqual([
      [
        'barbell-back-squat',
        'belt',
        150,
        2,
        [
          { type: 'warmup', reps: 8, weightKg: 60, distanceM: null, durationSec: null },
          { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null },
          { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null },
        ],
      ],
      ['running', '', null, null, [{ type: 'normal', reps: null, weightKg: null, distanceM: 5000, durationSec: 1650 }]],
    ]);
    const list = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: fay.token })).json());
    expect(list.routines.map((r) => r._id)).toEqual([routine._id]);
  });

  it("answers 404 for another's workout or none, and makes no routine", async () => {
    const gus = await signup('gus_routines');
    const hal = await signup('hal_routines');
    const workout = await log(gus, day(4), [{ exerciseId: 'plank', sets: [{ durationSec: 60 }] }]);
    for (const id of [workout._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t().call('POST', `/api/routines/from-workout/${id}`, { token: hal.token });
      expect(res.statusCode, res.body).toBe(404);
      expect(errorsOf(res)).toEqual([trainingErrors.workoutNotFound]);
    }
    const list = routinesResponseSchema.parse((await t().call('GET', '/api/routines', { token: hal.token })).json());
    expect(list.routines).toEqual([]);
  });
});

describe("a workout's routineId", () => {
  it("must be one of its owner's routines (400), on create and on edit", async () => {
    const ida = await signup('ida_routines');
    const jon = await signup('jon_routines');
    const jons = await createRoutine(jon);
    const exercises = [{ exerciseId: 'plank', sets: [{ durationSec: 30 }] }];
    for (const routineId of [jons._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t().call('POST', '/api/workouts', {
        token: ida.token,
        body: { workout: { title: 'S', startedAt: day(5), exercises, routineId } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toEqual([`workout.routineId: ${trainingErrors.notYourRoutine}`]);
    }
    const own = await createRoutine(ida);
    const workout = await log(ida, day(5), exercises);
    expect(workout.routineId).toBeNull();
    const edit = await t().call('POST', `/api/workouts/edit/${workout._id}`, {
      token: ida.token,
      body: { workout: { title: 'S', startedAt: day(5), exercises, routineId: own._id } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(workoutResponseSchema.parse(edit.json()).workout.routineId).toBe(own._id);
    const refused = await t().call('POST', `/api/workouts/edit/${workout._id}`, {
      token: ida.token,
      body: { workout: { title: 'S', startedAt: day(5), exercises, routineId: jons._id } },
    });
    expect(refused.statusCode).toBe(400);
    const kept = workoutResponseSchema.parse((await t().call('GET', `/api/workouts/${workout._id}`)).json());
    expect(kept.workout.routineId).toBe(own._id);
  });
});

describe('previous numbers: GET /api/exercises/{id}/last and ?with=last', () => {
  let kim: Person;
  let lee: Person;
  beforeAll(async () => {
    kim = await signup('kim_last');
    lee = await signup('lee_last');
    await log(kim, day(1), [{ exerciseId: 'barbell-bench-press', sets: [{ reps: 5, weightKg: 70 }] }]);
    // The latest by start, though logged first of the two below: a back-dated one comes after it.
    await log(kim, day(9), [
      {
        exerciseId: 'barbell-bench-press',
        sets: [
          { type: 'warmup', reps: 10, weightKg: 40 },
          { reps: 5, weightKg: 80, rpe: 8 },
          { reps: 4, weightKg: 80, rpe: 9.5, type: 'failure' },
        ],
      },
      { exerciseId: 'barbell-bench-press', sets: [{ reps: 12, weightKg: 50, type: 'drop' }] },
      { exerciseId: 'plank', sets: [{ durationSec: 75 }] },
    ]);
    await log(kim, day(5), [{ exerciseId: 'barbell-bench-press', sets: [{ reps: 3, weightKg: 85 }] }]);
    // Someone else's later session never shows.
    await log(lee, day(20), [{ exerciseId: 'barbell-bench-press', sets: [{ reps: 1, weightKg: 200 }] }]);
  });

  it("answers the caller's latest session of the exercise by start, its first entry's sets in order", async () => {
    const res = await t().call('GET', '/api/exercises/barbell-bench-press/last', { token: kim.token });
    expect(res.statusCode, res.body).toBe(200);
    const { last } = lastSessionResponseSchema.parse(res.json());
    expect(last?.startedAt).toBe('2026-10-09T07:00:00.000+00:00');
    expect(last?.sets).toEqual([
      { type: 'warmup', reps: 10, weightKg: 40, distanceM: null, durationSec: null, rpe: null, done: true },
      { type: 'normal', reps: 5, weightKg: 80, distanceM: null, durationSec: null, rpe: 8, done: true },
      { type: 'failure', reps: 4, weightKg: 80, distanceM: null, durationSec: null, rpe: 9.5, done: true },
    ]);
  });

  it('answers the first entry of an exercise logged twice in the latest workout, though the second is heavier', async () => {
    const max = await signup('max_last');
    await log(max, day(4), [
      { exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 60 }] },
      { exerciseId: 'plank', sets: [{ durationSec: 30 }] },
      { exerciseId: 'barbell-back-squat', sets: [{ reps: 3, weightKg: 140 }] },
    ]);
    const res = await t().call('GET', '/api/exercises/barbell-back-squat/last', { token: max.token });
    expect(res.statusCode, res.body).toBe(200);
    const { last } = lastSessionResponseSchema.parse(res.json());
    expect(last?.sets.map((s) => `${s.reps}x${s.weightKg}`)).toEqual(['5x60']);
  });

  it('answers null for an exercise never done, 404 for one that does not exist or is not theirs', async () => {
    const never = await t().call('GET', '/api/exercises/barbell-back-squat/last', { token: kim.token });
    expect(never.statusCode, never.body).toBe(200);
    expect(never.json()).toEqual({ last: null });
    const unknown = await t().call('GET', '/api/exercises/no-such-lift/last', { token: kim.token });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)).toEqual([trainingErrors.exerciseNotFound]);
  });

  it('starts a workout from a routine in one request: each exercise with its last session, null when never done', async () => {
    const routine = await createRoutine(kim, {
      title: 'Start',
      exercises: [
        { exerciseId: 'barbell-bench-press', sets: [{ reps: 5 }] },
        { exerciseId: 'barbell-back-squat', sets: [{ reps: 5 }] },
        { exerciseId: 'plank', sets: [{ durationSec: 60 }] },
      ],
    });
    const res = await t().call('GET', `/api/routines/${routine._id}?with=last`, { token: kim.token });
    expect(res.statusCode, res.body).toBe(200);
    const started = routineResponseSchema.parse(res.json()).routine;
    const [bench, squat, plank] = started.exercises;
    expect(bench?.last?.sets.map((s) => `${s.type} ${s.reps}x${s.weightKg}`)).toEqual([
      'warmup 10x40',
      'normal 5x80',
      'failure 4x80',
    ]);
    expect(squat?.last).toBeNull();
    expect(plank?.last?.sets.map((s) => s.durationSec)).toEqual([75]);
    expect(bench?.last?.workoutId).toBe(plank?.last?.workoutId);
  });
});

describe('"Copy to my log" from a post: POST /api/workouts/from-post and /api/routines/from-post (issue 49)', () => {
  it("copies a followed person's workout post: catalogue exercises as they are, their own exercise as one of the reader's", async () => {
    const cleo = await signup('cleo_copies');
    const dan = await signup('dan_copies');
    const own = await t().call('POST', '/api/exercises', {
      token: cleo.token,
      body: {
        exercise: { name: 'Cleo Carry', category: 'strength', measure: 'weight_reps', primaryMuscles: ['forearms'] },
      },
    });
    expect(own.statusCode, own.body).toBe(201);
    const workout = await log(
      cleo,
      day(3),
      [
        { exerciseId: 'barbell-bench-press', sets: [{ reps: 5, weightKg: 80, rpe: 8 }] },
        { exerciseId: own.json().exercise._id, sets: [{ reps: 20, weightKg: 40 }] },
      ],
      { title: 'Carry day' },
    );
    const posted = await t().call('POST', '/api/posts', {
      token: cleo.token,
      body: { postData: { content: 'carried', workoutId: workout._id, visibility: 'public' } },
    });
    const postId = (posted.json().posts as { _id: string; content: string }[]).find(
      (p) => p.content === 'carried',
    )?._id;

    const copied = await t().call('POST', `/api/workouts/from-post/${postId}`, { token: dan.token });
    expect(copied.statusCode, copied.body).toBe(201);
    const mine = workoutResponseSchema.parse(copied.json()).workout;
    expect(mine).toMatchObject({ username: 'dan_copies', title: 'Carry day' });
    expect(mine.exercises[0]).toMatchObject({
      exerciseId: 'barbell-bench-press',
      sets: [{ reps: 5, weightKg: 80, rpe: 8 }],
    });
    expect(mine.exercises[1]?.name).toBe('Cleo Carry');
    expect(mine.exercises[1]?.exerciseId).not.toBe(own.json().exercise._id);

    const routine = await t().call('POST', `/api/routines/from-post/${postId}`, { token: dan.token });
    expect(routine.statusCode, routine.body).toBe(201);
    expect(routineResponseSchema.parse(routine.json()).routine.exercises.map((e) => e.exerciseId)).toEqual(
      mine.exercises.map((e) => e.exerciseId),
    );

    // A post the reader may not see is not found, as everywhere.
    const hidden = await t().call('POST', '/api/posts', {
      token: cleo.token,
      body: { postData: { content: 'just me', workoutId: workout._id, visibility: 'private' } },
    });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const hiddenId = (hidden.json().posts as { _id: string; content: string }[]).find(
      (p) => p.content === 'just me',
    )?._id;
    expect((await t().call('POST', `/api/workouts/from-post/${hiddenId}`, { token: dan.token })).statusCode).toBe(404);
  });
});
