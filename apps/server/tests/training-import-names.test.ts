import { importResultSchema, type Workout, workoutPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { importCsv } from './helpers/import-csv';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function imported(token: string, csv: string) {
  const res = await importCsv(t().app, token, csv, '?units=kg');
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(res.json());
}
async function workoutsOf(username: string): Promise<Workout[]> {
  const res = await t().call('GET', `/api/users/${username}/workouts?limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return workoutPageSchema.parse(res.json()).workouts;
}
async function exported(token: string): Promise<string> {
  const res = await t().call('GET', '/api/users/me/workouts.csv', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

const strongHeader =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
const strongRow = (name: string, order: string, weight: number, reps: number, km = 0, seconds = 0, rest = ',,') =>
  `2026-10-05 07:30:00,"Strong day",1h,"${name}",${order},${weight},${reps},${km},${seconds}${rest}`;
const strong = [
  strongHeader,
  strongRow('Deadlift (Barbell)', '1', 160, 3, 0, 0, ',"hook grip","Heavy pulls",8.5'),
  strongRow('Bench Press (Barbell)', 'W', 40, 10),
  strongRow('Squat (Barbell)', '1', 120, 5, 0, 0, ',,"Heavy pulls",9'),
  strongRow('Pull Up', '1', 0, 8),
  strongRow('Running', '1', 0, 0, 5, 1650),
  strongRow('Plank', '1', 0, 0, 0, 90),
  // Weight plus seconds: a custom exercise of Strong's that Spotter's catalogue does not have.
  strongRow('Zercher Carry', '1', 40, 0, 0, 60, ',"to the wall","Heavy pulls",7'),
].join('\n');

const hevyHeader =
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"';
const hevyRow = (name: string, superset: string, weight: string, reps: string, km = '', seconds = '', rpe = '') =>
  `"Hevy day","12 Oct 2026, 07:00","12 Oct 2026, 08:00","","${name}",${superset},"",0,"normal",${weight},${reps},${km},${seconds},${rpe}`;
const hevy = [
  hevyHeader,
  hevyRow('Lat Pulldown (Cable)', '0', '60', '10', '', '', '8'),
  hevyRow('Seated Cable Row - V Grip (Cable)', '0', '55', '12'),
  hevyRow('Romanian Deadlift (Barbell)', '', '100', '8'),
  hevyRow('Bicep Curl (Dumbbell)', '1', '14', '12'),
  hevyRow('Triceps Pushdown', '1', '30', '15'),
  hevyRow('Cycling', '', '', '', '20', '2400'),
].join('\n');

describe("import: Strong's and Hevy's names land on the catalogue", () => {
  it("matches the apps' names to catalogue exercises, making a custom one only for a name the table lacks", async () => {
    const { token } = await t().signup('names_ana');
    expect(await imported(token, strong)).toEqual({ imported: 1, skipped: 0, exercisesCreated: 1 });
    expect(await imported(token, hevy)).toEqual({ imported: 1, skipped: 0, exercisesCreated: 0 });
    const [hevyDay, strongDay] = await workoutsOf('names_ana');
    expect(strongDay?.exercises.map((e) => e.exerciseId)).toEqual([
      'conventional-deadlift',
      'barbell-bench-press',
      'barbell-back-squat',
      'pull-up',
      'running',
      'plank',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(hevyDay?.exercises.map((e) => [e.exerciseId, e.supersetGroup])).toEqual([
      ['lat-pulldown', 1],
      ['seated-cable-row', 1],
      ['romanian-deadlift', null],
      ['dumbbell-curl', 2],
      ['triceps-pushdown', 2],
      ['outdoor-cycling', null],
    ]);
  });

  it('a Strong deadlift after a logged one is the same exercise: one record history, not two', async () => {
    const { token } = await t().signup('names_ben');
    const logged = await t().call('POST', '/api/workouts', {
      token,
      body: {
        workout: {
          title: 'Before',
          startedAt: '2026-10-01T07:00:00Z',
          exercises: [{ exerciseId: 'conventional-deadlift', sets: [{ reps: 3, weightKg: 150 }] }],
        },
      },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    await imported(token, strong);
    const [strongDay] = await workoutsOf('names_ben');
    expect(strongDay?.records.filter((r) => r.exerciseId === 'conventional-deadlift').map((r) => r.type)).toContain(
      'heaviestWeight',
    );
  });

  it('keeps notes, workout notes, RPE and weight plus seconds through import, export and import again', async () => {
    const first = await t().signup('names_cara');
    await imported(first.token, strong);
    const [once] = await workoutsOf('names_cara');
    const zercher = once?.exercises[6];
    expect(zercher).toMatchObject({ name: 'Zercher Carry', measure: 'duration', notes: 'to the wall' });
    expect(zercher?.sets[0]).toMatchObject({ weightKg: 40, durationSec: 60, rpe: 7, reps: null });
    expect(once?.notes).toBe('Heavy pulls');
    expect(once?.exercises[0]).toMatchObject({ notes: 'hook grip' });
    expect(once?.exercises[0]?.sets[0]).toMatchObject({ weightKg: 160, reps: 3, rpe: 8.5 });

    // Into another account: nothing of the first is there, so the file alone carries it all.
    const second = await t().signup('names_dan');
    expect(await imported(second.token, await exported(first.token))).toEqual({
      imported: 1,
      skipped: 0,
      exercisesCreated: 1,
    });
    const [twice] = await workoutsOf('names_dan');
    const shape = (w: Workout | undefined) => ({
      title: w?.title,
      startedAt: w?.startedAt,
      durationSec: w?.durationSec,
      notes: w?.notes,
      exercises: w?.exercises.map((e) => ({
        name: e.name,
        measure: e.measure,
        notes: e.notes,
        restSec: e.restSec,
        supersetGroup: e.supersetGroup,
        sets: e.sets,
      })),
    });
    expect(shape(twice)).toEqual(shape(once));
  });

  it('keeps set types, done, rest and superset groups through its own export', async () => {
    const { token } = await t().signup('names_eve');
    const res = await t().call('POST', '/api/workouts', {
      token,
      body: {
        workout: {
          title: 'Planned',
          startedAt: '2026-10-03T07:00:00Z',
          exercises: [
            {
              exerciseId: 'barbell-bench-press',
              restSec: 150,
              supersetGroup: 3,
              sets: [
                { type: 'warmup', reps: 10, weightKg: 40 },
                { type: 'failure', reps: 5, weightKg: 80, rpe: 9.5 },
                { type: 'drop', reps: 5, weightKg: 80, done: false },
              ],
            },
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const other = await t().signup('names_fay');
    await imported(other.token, await exported(token));
    const [original] = await workoutsOf('names_eve');
    const [copy] = await workoutsOf('names_fay');
    expect(copy?.exercises).toEqual(original?.exercises);
  });
});
