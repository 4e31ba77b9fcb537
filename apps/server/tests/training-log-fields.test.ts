import { trainingErrors } from '@spotter/contract';
import {
  type ExerciseRecords,
  userRecordsResponseSchema,
  type Workout,
  workoutResponseSchema,
} from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

interface Person {
  token: string;
  username: string;
}
const signup = async (username: string): Promise<Person> => ({ token: (await t().signup(username)).token, username });
const day = (d: number, hour = 7) => new Date(Date.UTC(2026, 9, d, hour)).toISOString();

async function log(person: Person, startedAt: string, exercises: object[], extra: object = {}): Promise<Workout> {
  const res = await t().call('POST', '/api/workouts', {
    token: person.token,
    body: { workout: { title: 'Session', startedAt, exercises, ...extra } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout;
}
async function fetchWorkout(id: string): Promise<Workout> {
  const res = await t().call('GET', `/api/workouts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return workoutResponseSchema.parse(res.json()).workout;
}
async function recordsOf(person: Person): Promise<Map<string, ExerciseRecords>> {
  const res = await t().call('GET', `/api/users/${person.username}/records`, { token: person.token });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(userRecordsResponseSchema.parse(res.json()).records.map((r) => [r.exerciseId, r]));
}
const badges = (workout: Workout) => workout.records.map((r) => `${r.exerciseId} ${r.type} ${r.value} (${r.previous})`);

describe('set types, RPE, done, rest and supersets', () => {
  it('keeps titles and notes as typed, whatever characters they hold', async () => {
    const ivo = await signup('ivo_fields');
    // What a database's list syntax gives a meaning to: quotes, backslashes, braces, commas, NULL.
    const texts = ['NULL', 'said "go", then {rest}', 'C:\\gym\\log', 'two\nlines', '', 'RPE ≈ 9 💪'];
    const workout = await log(
      ivo,
      day(3),
      texts.map((notes) => ({ exerciseId: 'barbell-bench-press', notes, sets: [{ reps: 5, weightKg: 100 }] })),
      { title: 'NULL', notes: '{"a": [1, 2]}' },
    );
    expect([workout.title, workout.notes]).toEqual(['NULL', '{"a": [1, 2]}']);
    expect(workout.exercises.map((e) => e.notes)).toEqual(texts);
    const stored = await fetchWorkout(workout._id);
    expect([stored.title, stored.notes, ...stored.exercises.map((e) => e.notes)]).toEqual([
      'NULL',
      '{"a": [1, 2]}',
      ...texts,
    ]);
  });

  it('stores and answers them, on create and read back alike', async () => {
    const ana = await signup('ana_fields');
    const workout = await log(ana, day(1), [
      {
        exerciseId: 'barbell-bench-press',
        restSec: 120,
        supersetGroup: 1,
        sets: [
          { type: 'warmup', reps: 10, weightKg: 40 },
          { type: 'normal', reps: 5, weightKg: 80, rpe: 7.5 },
          { type: 'failure', reps: 3, weightKg: 80, rpe: 10 },
          { type: 'drop', reps: 8, weightKg: 60, rpe: 9 },
          { type: 'normal', reps: 5, weightKg: 100, done: false },
        ],
      },
      { exerciseId: 'one-arm-dumbbell-row', supersetGroup: 1, sets: [{ reps: 10, weightKg: 30 }] },
      { exerciseId: 'plank', sets: [{ durationSec: 90 }] },
    ]);
    const [bench, row, plank] = workout.exercises;
    expect([bench?.restSec, bench?.supersetGroup, row?.restSec, row?.supersetGroup, plank?.supersetGroup]).toEqual([
      120,
      1,
      null,
      1,
      null,
    ]);
    expect(
      bench?.sets.map((s) => `${s.type} ${s.reps}x${s.weightKg} rpe ${s.rpe} ${s.done ? 'done' : 'not done'}`),
    ).toEqual([
      'warmup 10x40 rpe null done',
      'normal 5x80 rpe 7.5 done',
      'failure 3x80 rpe 10 done',
      'drop 8x60 rpe 9 done',
      'normal 5x100 rpe null not done',
    ]);
    // The set not done counts for nothing: neither the volume nor the best set.
    expect(bench?.volumeKg).toBe(400 + 240 + 480);
    expect(bench?.bestSet).toMatchObject({ reps: 5, weightKg: 80, index: 1, done: true });
    expect(await fetchWorkout(workout._id)).toEqual(workout);
  });

  it('refuses an RPE outside 6-10 in halves, a bad done, rest or superset group: 400 naming the field, nothing stored', async () => {
    const ben = await signup('ben_fields');
    const bench = (set: object, extra: object = {}) => ({ exerciseId: 'barbell-bench-press', ...extra, sets: [set] });
    const cases: [object, string][] = [
      [bench({ reps: 5, weightKg: 80, rpe: 5.5 }), `workout.exercises.0.sets.0.rpe: ${trainingErrors.rpeSteps}`],
      [bench({ reps: 5, weightKg: 80, rpe: 8.3 }), `workout.exercises.0.sets.0.rpe: ${trainingErrors.rpeSteps}`],
      [bench({ reps: 5, weightKg: 80, rpe: 10.5 }), `workout.exercises.0.sets.0.rpe: ${trainingErrors.rpeSteps}`],
      [bench({ reps: 5, weightKg: 80, done: 'yes' }), 'workout.exercises.0.sets.0.done: must be true or false'],
      [bench({ reps: 5, weightKg: 80 }, { restSec: -1 }), 'workout.exercises.0.restSec: must be between 0 and 3600 s'],
      [
        bench({ reps: 5, weightKg: 80 }, { supersetGroup: 1.5 }),
        'workout.exercises.0.supersetGroup: must be a whole number',
      ],
      [bench({ reps: 5, weightKg: 80, type: 'cluster' }), 'workout.exercises.0.sets.0.type'],
    ];
    for (const [exercise, message] of cases) {
      const res = await t().call('POST', '/api/workouts', {
        token: ben.token,
        body: { workout: { title: 'S', startedAt: day(2), exercises: [exercise] } },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: string[] }).errors.join('\n')).toContain(message);
    }
    const list = await t().call('GET', `/api/users/${ben.username}/workouts`);
    expect(list.json().workouts).toEqual([]);
  });

  it('back-dates a workout: the date, start and duration given are kept', async () => {
    const cara = await signup('cara_fields');
    const yesterday = '2026-11-22T18:45:00+01:00';
    const workout = await log(cara, yesterday, [{ exerciseId: 'plank', sets: [{ durationSec: 60 }] }], {
      durationSec: 2700,
    });
    expect(workout).toMatchObject({ startedAt: '2026-11-22T17:45:00.000+00:00', durationSec: 2700 });
  });
});

describe('records by measure', () => {
  it('a hold: longestDuration when a later set is held longer, and the records answer its seconds', async () => {
    const dan = await signup('dan_fields');
    await log(dan, day(1), [{ exerciseId: 'plank', sets: [{ durationSec: 60 }] }]);
    const longer = await log(dan, day(2), [
      { exerciseId: 'plank', sets: [{ durationSec: 90 }, { durationSec: 200, type: 'warmup' }] },
    ]);
    expect(badges(longer)).toEqual(['plank longestDuration 90 (60)']);
    const shorter = await log(dan, day(3), [{ exerciseId: 'plank', sets: [{ durationSec: 80 }] }]);
    expect(shorter.records).toEqual([]);
    // A set not done is no record.
    const undone = await log(dan, day(4), [{ exerciseId: 'plank', sets: [{ durationSec: 300, done: false }] }]);
    expect(undone.records).toEqual([]);
    expect((await recordsOf(dan)).get('plank')).toMatchObject({ longestDurationSec: 90, sessions: 4 });
  });

  it('reps: the most reps of one set at any weight', async () => {
    const eve = await signup('eve_fields');
    await log(eve, day(1), [{ exerciseId: 'pull-up', sets: [{ reps: 6 }, { reps: 8 }, { reps: 3, weightKg: 10 }] }]);
    expect((await recordsOf(eve)).get('pull-up')).toMatchObject({ mostReps: 8, longestDurationSec: null });
  });

  it('runs: longest distance, fastest pace, and best 1, 5 and 10 km from the sets that cover them', async () => {
    const fay = await signup('fay_fields');
    // 5 km in 27:30 (330 s/km); 1 km in 4:00 (a sprint, too short for 5 km).
    await log(fay, day(1), [
      {
        exerciseId: 'running',
        sets: [
          { distanceM: 5000, durationSec: 1650 },
          { distanceM: 1000, durationSec: 240 },
        ],
      },
    ]);
    // 10 km in 55:00 (330 s/km): 5 km at that pace is 27:30, not better; the first 10 km time.
    const ten = await log(fay, day(2), [{ exerciseId: 'running', sets: [{ distanceM: 10_000, durationSec: 3300 }] }]);
    expect(badges(ten)).toEqual(['running longestDistance 10000 (5000)']);
    // 5.2 km in 26:00 (300 s/km): 5 km in 25:00 beats 27:30; 1 km in 5:00 does not beat 4:00.
    const faster = await log(fay, day(3), [{ exerciseId: 'running', sets: [{ distanceM: 5200, durationSec: 1560 }] }]);
    expect(badges(faster)).toEqual(['running fastest5k 1500 (1650)']);
    expect((await recordsOf(fay)).get('running')).toMatchObject({
      longestDistanceM: 10_000,
      fastestPaceSecPerKm: 240,
      fastest1kSec: 240,
      fastest5kSec: 1500,
      fastest10kSec: 3300,
      longestDurationSec: null,
    });
  });

  it('a back-dated run replays the later records from the history: the same bests as logging in order', async () => {
    const gus = await signup('gus_fields');
    const later = await log(gus, day(10), [{ exerciseId: 'running', sets: [{ distanceM: 5000, durationSec: 1500 }] }]);
    await log(gus, day(12), [{ exerciseId: 'plank', sets: [{ durationSec: 100 }] }]);
    // Before both: the later 5 km (25:00) now beats this one's 27:30, and the later plank nothing yet.
    await log(gus, day(5), [
      { exerciseId: 'running', sets: [{ distanceM: 5000, durationSec: 1650 }] },
      { exerciseId: 'plank', sets: [{ durationSec: 60 }] },
    ]);
    expect(badges(await fetchWorkout(later._id))).toEqual([
      'running fastestPace 300 (330)',
      'running fastest1k 300 (330)',
      'running fastest5k 1500 (1650)',
    ]);
    const records = await recordsOf(gus);
    expect(records.get('running')).toMatchObject({ fastest5kSec: 1500, fastest1kSec: 300, fastest10kSec: null });
    expect(records.get('plank')).toMatchObject({ longestDurationSec: 100 });
  });

  it('a weighted hold keeps its load and its seconds', async () => {
    const hal = await signup('hal_fields');
    const workout = await log(hal, day(1), [{ exerciseId: 'plank', sets: [{ durationSec: 45, weightKg: 20 }] }]);
    expect(workout.exercises[0]?.sets[0]).toMatchObject({ durationSec: 45, weightKg: 20 });
  });
});
