import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, trainingErrors } from '@spotter/contract';
import { importResultSchema, type Workout, workoutPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { importCsv } from './helpers/import-csv';
import { newPostId } from './helpers/people';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures/training', name), 'utf8');
const strong = fixture('strong.csv');
const hevy = fixture('hevy.csv');

async function imported(token: string, csv: string, query = '') {
  const res = await importCsv(t().app, token, csv, query);
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(res.json());
}
async function refused(token: string | undefined, csv: string, status = 400) {
  const res = await importCsv(t().app, token, csv);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().errors as string[];
}
async function workoutsOf(username: string): Promise<Workout[]> {
  const res = await t().call('GET', `/api/users/${username}/workouts?limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return workoutPageSchema.parse(res.json()).workouts;
}
/** A workout as what it holds, without the ids and times the server gives it. */
const content = (w: Workout) => ({
  title: w.title,
  startedAt: w.startedAt,
  durationSec: w.durationSec,
  notes: w.notes,
  exercises: w.exercises.map((e) => ({ name: e.name, measure: e.measure, notes: e.notes, sets: e.sets })),
  records: w.records.map((r) => `${r.type} ${r.value}`),
});
const setLine = (s: Workout['exercises'][number]['sets'][number]) =>
  `${s.type} ${s.reps ?? '-'}x${s.weightKg ?? '-'} ${s.distanceM ?? '-'}m ${s.durationSec ?? '-'}s rpe ${s.rpe ?? '-'}`;

describe('POST /api/workouts/import', () => {
  it("reads Strong's export: workouts by date and name, set letters, rest rows left out, names matched or made", async () => {
    const { token } = await t().signup('strong_ana');
    expect(await imported(token, strong)).toEqual({ imported: 3, skipped: 0, exercisesCreated: 1 });
    const [third, run, first] = await workoutsOf('strong_ana');
    expect(first).toMatchObject({
      title: 'Push Day',
      startedAt: '2026-10-05T07:30:00.000+00:00',
      durationSec: 3900,
      notes: 'Felt good',
    });
    expect(first?.exercises.map((e) => [e.exerciseId, e.notes, e.sets.map(setLine)])).toEqual([
      ['barbell-bench-press', '', ['warmup 10x40 -m -s rpe -', 'normal 5x80 -m -s rpe 8', 'normal 3x85 -m -s rpe 9']],
      ['overhead-press', 'strict', ['normal 8x40 -m -s rpe -', 'normal 8x40 -m -s rpe -']],
      [expect.any(String), '', ['normal 15x10 -m -s rpe -']],
    ]);
    expect(first?.exercises[2]?.name).toBe('Cable Lateral Swing');
    expect(run?.exercises.map((e) => [e.exerciseId, e.sets.map(setLine)])).toEqual([
      ['running', ['normal -x- 5200m 1800s rpe -']],
    ]);
    // Pull Up is the catalogue's Pull-Up (reps): Strong's zero weight is kept as added weight 0.
    expect(third?.exercises.map((e) => e.exerciseId)).toEqual(['barbell-bench-press', 'pull-up']);
    expect(third?.records.map((r) => `${r.exerciseId} ${r.type} ${r.value} (${r.previous})`)).toContain(
      'barbell-bench-press heaviestWeight 87.5 (85)',
    );

    const custom = await t().call('GET', '/api/exercises?q=lateral swing', { token });
    expect(custom.json().exercises).toEqual([
      expect.objectContaining({ name: 'Cable Lateral Swing', measure: 'weight_reps', custom: true }),
    ]);
  });

  it('imports nothing new from the same file twice, and posts nothing to any feed', async () => {
    const { token, userId } = await t().signup('strong_twice');
    const follower = await t().signup('strong_follower');
    const follow = await t().call('POST', `/api/users/follow/${userId}`, { token: follower.token });
    expect(follow.statusCode, follow.body).toBe(200);
    await imported(token, strong);
    expect(await imported(token, strong)).toEqual({ imported: 0, skipped: 3, exercisesCreated: 0 });
    expect(await workoutsOf('strong_twice')).toHaveLength(3);
    const posts = await t().call('GET', '/api/posts/user/strong_twice');
    expect(posts.json().posts).toEqual([]);
    await t().app.fanout.idle();
    const feed = await t().call('GET', '/api/feed?limit=50', { token: follower.token });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().posts).toEqual([]);

    // A post the importer writes does reach the follower: only the import stayed out of the feed.
    const post = await newPostId(t(), token, 'Back at it');
    await t().app.fanout.idle();
    const after = await t().call('GET', '/api/feed?limit=50', { token: follower.token });
    expect(after.json().posts.map((p: { _id: string; content: string }) => [p._id, p.content])).toEqual([
      [post, 'Back at it'],
    ]);
  });

  it('imports nothing new from the same Hevy file twice', async () => {
    const { token } = await t().signup('hevy_twice');
    expect(await imported(token, hevy)).toEqual({ imported: 2, skipped: 0, exercisesCreated: 0 });
    const first = (await workoutsOf('hevy_twice')).map(content);
    expect(await imported(token, hevy)).toEqual({ imported: 0, skipped: 2, exercisesCreated: 0 });
    expect((await workoutsOf('hevy_twice')).map(content)).toEqual(first);
  });

  it("reads Strong's local times in the importer's time zone, and its weights in ?units=lb", async () => {
    const { token } = await t().signup('strong_paris');
    const settings = await t().call('POST', '/api/users/me/training-settings', {
      token,
      body: { settings: { timeZone: 'Europe/Paris' } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await imported(token, strong.split('\n').slice(0, 3).join('\n'), '?units=lb');
    const [workout] = await workoutsOf('strong_paris');
    expect(workout?.startedAt).toBe('2026-10-05T05:30:00.000+00:00');
    expect(workout?.exercises[0]?.sets.map((s) => s.weightKg)).toEqual([18.144, 36.287]);
  });

  it("reads Strong's semicolon layout with decimal commas", async () => {
    const { token } = await t().signup('strong_semicolon');
    const csv = [
      '"Date";"Workout Name";"Duration";"Exercise Name";"Set Order";"Weight";"Reps";"Distance";"Seconds";"Notes";"Workout Notes";"RPE"',
      '"2026-10-05 07:30:00";"Push";"45m";"Bench Press (Barbell)";"1";"82,5";"5";"0";"0";"";"";"7,5"',
    ].join('\n');
    expect(await imported(token, csv)).toEqual({ imported: 1, skipped: 0, exercisesCreated: 0 });
    const [workout] = await workoutsOf('strong_semicolon');
    expect(workout?.exercises[0]?.sets.map(setLine)).toEqual(['normal 5x82.5 -m -s rpe 7.5']);
  });

  it("reads Hevy's export: set types, end time as duration, kg or lbs columns, Hevy's names matched", async () => {
    const { token } = await t().signup('hevy_ben');
    // "Squat (Barbell)" is Hevy's name for the catalogue's Barbell Back Squat (import-names.ts).
    expect(await imported(token, hevy)).toEqual({ imported: 2, skipped: 0, exercisesCreated: 0 });
    const [ride, legs] = await workoutsOf('hevy_ben');
    expect(legs).toMatchObject({ title: 'Leg Day', startedAt: '2026-10-12T07:00:00.000+00:00', durationSec: 4200 });
    expect(legs?.notes).toBe('Heavy singles');
    expect(legs?.exercises.map((e) => [e.name, e.notes, e.sets.map(setLine)])).toEqual([
      [
        'Barbell Back Squat',
        '',
        ['warmup 5x60 -m -s rpe -', 'normal 3x120 -m -s rpe 8', 'normal 1x130 -m -s rpe 9.5', 'drop 6x100 -m -s rpe -'],
      ],
      ['Plank', 'core', ['normal -x- -m 60s rpe -']],
    ]);
    expect(ride?.exercises.map((e) => [e.exerciseId, e.sets.map(setLine)])).toEqual([
      ['stationary-bike', ['normal -x- 20500m 3600s rpe -']],
    ]);

    const pounds = hevy.replace('"weight_kg"', '"weight_lbs"').replace('"distance_km"', '"distance_miles"');
    const other = await t().signup('hevy_pounds');
    await imported(other.token, pounds);
    const [poundRide, poundLegs] = await workoutsOf('hevy_pounds');
    expect(poundLegs?.exercises[0]?.sets.map((s) => s.weightKg)).toEqual([27.216, 54.431, 58.967, 45.359]);
    expect(poundRide?.exercises[0]?.sets[0]?.distanceM).toBeCloseTo(32_991.552, 3);
  });

  it('refuses files it cannot read with a 400 naming why, and the row and column', async () => {
    const { token } = await t().signup('bad_files');
    const header = strong.split('\n')[0];
    const row = (date: string, weight = '80') =>
      `${header}\n${date},"Push",45m,"Bench Press (Barbell)",1,${weight},5,0,0,"","",`;
    expect(await refused(token, '')).toEqual([trainingErrors.importEmpty]);
    expect(await refused(token, 'name,age\nana,30\n')).toEqual([trainingErrors.importUnknownLayout]);
    expect(await refused(token, `${header}\n`)).toEqual([trainingErrors.importNothing]);
    expect(await refused(token, row('yesterday'))).toEqual([`row 2, Date: ${trainingErrors.importBadRow}`]);
    expect(await refused(token, row('2026-13-05 07:30:00'))).toEqual([`row 2, Date: ${trainingErrors.importBadRow}`]);
    expect(await refused(token, row('2026-10-05 07:30:00', 'heavy'))).toEqual([
      `row 2, Weight: ${trainingErrors.importBadRow}`,
    ]);
    expect(await refused(token, row('2026-10-05 07:30:00', '5000'))).toEqual([
      'row 2: exercises.0.sets.0.weightKg: must be between 0 and 1000 kg',
    ]);
    const [unclosed] = await refused(token, `${header}\n"2026-10-05 07:30:00,Push`);
    expect(unclosed).toMatch(new RegExp(`^${trainingErrors.importNotCsv}: `));
    expect(await refused(token, Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString())).toEqual([
      trainingErrors.importUnknownLayout,
    ]);
    const json = await t().call('POST', '/api/workouts/import', { token, body: { csv: strong } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([apiErrors.noFile]);
    const empty = await t().app.inject({
      method: 'POST',
      url: '/api/workouts/import',
      headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().errors).toEqual([apiErrors.noFile]);
    expect(await workoutsOf('bad_files')).toEqual([]);
  });

  it('needs a token', async () => {
    expect(await refused(undefined, strong, 401)).toEqual([apiErrors.invalidToken]);
  });
});

describe('GET /api/users/me/workouts.csv', () => {
  it('exports every workout as CSV that the import reads back into another account as it was', async () => {
    const ana = await t().signup('export_ana');
    await imported(ana.token, strong);
    await imported(ana.token, hevy);
    const res = await t().call('GET', '/api/users/me/workouts.csv', { token: ana.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="spotter-workouts.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'workout_title,started_at,duration_sec,workout_notes,exercise_id,exercise_name,exercise_category,' +
        'exercise_measure,exercise_notes,set_type,reps,weight_kg,distance_m,set_duration_sec,rpe,' +
        'set_done,rest_sec,superset_group',
    );
    expect(lines).toHaveLength(1 + 11 + 6 - 1);

    // Into the same account: everything is there already.
    expect(await imported(ana.token, res.body)).toEqual({ imported: 0, skipped: 5, exercisesCreated: 0 });
    // Into another: the same workouts, records and all; the custom exercise (Strong's Cable Lateral
    // Swing; Hevy's squat is the catalogue's) made again.
    const ben = await t().signup('export_ben');
    expect(await imported(ben.token, res.body)).toEqual({ imported: 5, skipped: 0, exercisesCreated: 1 });
    const before = (await workoutsOf('export_ana')).map(content);
    const after = (await workoutsOf('export_ben')).map(content);
    expect(after).toEqual(before);
  });

  it('answers only the header for someone without workouts, and needs a token', async () => {
    const { token } = await t().signup('export_none');
    const res = await t().call('GET', '/api/users/me/workouts.csv', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(1);
    expect((await t().call('GET', '/api/users/me/workouts.csv')).statusCode).toBe(401);
  });
});
