import { type Workout, workoutPageSchema, workoutResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { exerciseBests } from '../src/db/migrations/066-exercise-bests';
import { progressCoveringIndex } from '../src/db/migrations/075-progress-covering-index';
import { durationAndDistanceBests } from '../src/db/migrations/102-duration-and-distance-bests';
import { type ExerciseSession, replayRecords } from '../src/modules/training/records';
import { importCsv } from './helpers/import-csv';
import { useTestApp } from './helpers/test-app';

/**
 * The stored bests (`exercise_bests`, decision 040) must be what a full replay of the person's
 * history says, whatever path wrote them: a workout logged after the history (compared with the
 * stored row only), a back-dated one, an edit, a delete, an import, the migration's backfill. What
 * a client sees is checked: the records of every workout, the records table, progress, and the
 * records of a next workout logged at the end (which reads nothing but the stored rows).
 */
const t = useTestApp();

type SetInput = { type?: string; reps?: number; weightKg?: number; distanceM?: number; durationSec?: number };
const squat = (...sets: SetInput[]) => ({ exerciseId: 'barbell-back-squat', sets });
const running = (...sets: SetInput[]) => ({ exerciseId: 'running', sets });
const lift = (weightKg: number, reps: number, type?: string) => ({ weightKg, reps, ...(type ? { type } : {}) });
const day = (d: number, hour = 7) => new Date(Date.UTC(2026, 8, d, hour)).toISOString();

function randomOf(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

async function historyOf(username: string): Promise<Workout[]> {
  const all: Workout[] = [];
  let cursor = '';
  for (;;) {
    const res = await t().call('GET', `/api/users/${username}/workouts?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = workoutPageSchema.parse(res.json());
    all.push(...page.workouts);
    if (!page.nextCursor) return all;
    cursor = encodeURIComponent(page.nextCursor);
  }
}

const sessionsOf = (workouts: readonly Workout[]): ExerciseSession[] =>
  workouts.flatMap((w) =>
    w.exercises.map((e) => ({
      workoutId: w._id,
      startedAt: new Date(w.startedAt).toISOString(),
      exerciseId: e.exerciseId,
      sets: e.sets.map((s) => ({
        type: s.type,
        reps: s.reps ?? null,
        weightKg: s.weightKg ?? null,
        distanceM: s.distanceM ?? null,
        durationSec: s.durationSec ?? null,
        rpe: s.rpe ?? null,
        done: s.done,
      })),
    })),
  );

const recordKey = (r: {
  workoutId: string;
  exerciseId: string;
  type: string;
  value: number;
  weightKg: number | null;
}) => `${r.workoutId} ${r.exerciseId} ${r.type} ${r.value} @${r.weightKg}`;

const mostRepsOf = (repsAtWeight: ReadonlyMap<number, number> | undefined) =>
  repsAtWeight && repsAtWeight.size > 0 ? Math.max(...repsAtWeight.values()) : null;

/** Everything a client sees of the records equals a full replay of the history it reads back. */
async function expectAgreesWithReplay(username: string) {
  const history = await historyOf(username);
  const replay = replayRecords(sessionsOf(history));
  const stored = history.flatMap((w) => w.records.map((r) => recordKey({ ...r, workoutId: w._id })));
  expect(stored.sort()).toEqual(replay.records.map((r) => recordKey(r)).sort());

  const entries = history.flatMap((w) => w.exercises.map((e) => ({ ...e, startedAt: w.startedAt, workoutId: w._id })));
  const exerciseIds = [...new Set(entries.map((e) => e.exerciseId))];
  const records = await t().call('GET', `/api/users/${username}/records`);
  expect(records.statusCode).toBe(200);
  const expected = exerciseIds.map((exerciseId) => {
    const mine = entries.filter((e) => e.exerciseId === exerciseId);
    const bests = replay.bests.get(exerciseId)?.scalar ?? {};
    // Per session, as the record rules: an exercise twice in one workout is one session, its volumes added.
    const sessionVolumes = new Map<string, number>();
    for (const e of mine) sessionVolumes.set(e.workoutId, (sessionVolumes.get(e.workoutId) ?? 0) + e.volumeKg);
    const volume = Math.round(Math.max(...sessionVolumes.values()) * 100) / 100;
    return {
      exerciseId,
      heaviestWeightKg: bests.heaviestWeight ?? null,
      bestE1rmKg: bests.bestE1rm ?? null,
      bestVolumeKg: volume === 0 ? null : volume,
      longestDistanceM: bests.longestDistance ?? null,
      fastestPaceSecPerKm: bests.fastestPace ?? null,
      mostReps: mostRepsOf(replay.bests.get(exerciseId)?.repsAtWeight),
      longestDurationSec: bests.longestDuration ?? null,
      fastest1kSec: bests.fastest1k ?? null,
      fastest5kSec: bests.fastest5k ?? null,
      fastest10kSec: bests.fastest10k ?? null,
      sessions: sessionVolumes.size,
      lastPerformedAt: mine.map((e) => e.startedAt).sort()[mine.length - 1],
    };
  });
  const answered = (records.json().records as { exerciseId: string }[]).map(({ exerciseId, ...r }) => ({
    exerciseId,
    ...r,
  }));
  expect(answered.map(({ name, measure, ...rest }: Record<string, unknown>) => rest)).toEqual(
    expect.arrayContaining(expected),
  );
  expect(answered).toHaveLength(expected.length);

  for (const exerciseId of exerciseIds) {
    const res = await t().call('GET', `/api/users/${username}/progress?exerciseId=${exerciseId}`);
    const points = history
      .filter((w) => w.exercises.some((e) => e.exerciseId === exerciseId))
      .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a._id < b._id ? -1 : 1))
      .map((w) => {
        const mine = w.exercises.filter((e) => e.exerciseId === exerciseId);
        const e1rms = mine.flatMap((e) => (e.e1rmKg === null ? [] : [e.e1rmKg]));
        const weights = mine.flatMap((e) =>
          e.sets.filter((s) => s.type !== 'warmup' && (s.reps ?? 0) >= 1 && (s.weightKg ?? 0) > 0),
        );
        return {
          date: w.startedAt,
          e1rmKg: e1rms.length ? Math.max(...e1rms) : null,
          bestWeightKg: weights.length ? Math.max(...weights.map((s) => s.weightKg ?? 0)) : null,
          volumeKg: Math.round(mine.reduce((sum, e) => sum + e.volumeKg, 0) * 100) / 100,
          // What a rep, hold or run is charted by, from the session's work sets (issue 46).
          ...chartedBy(mine.flatMap((e) => e.sets.filter((s) => s.type !== 'warmup' && s.done !== false))),
        };
      });
    expect(res.json().points, exerciseId).toEqual(points);
  }
}

const highest = (values: number[]) => (values.length ? Math.max(...values) : null);
const hundredths = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** A session's most reps, longest hold, longest distance and fastest pace, as the progress chart reads them. */
function chartedBy(sets: Workout['exercises'][number]['sets']) {
  const of = (pick: (s: (typeof sets)[number]) => number | null | false) =>
    sets.map(pick).filter((v): v is number => typeof v === 'number' && v > 0);
  const paces = of(
    (s) => (s.distanceM ?? 0) > 0 && (s.durationSec ?? 0) > 0 && ((s.durationSec ?? 0) * 1000) / (s.distanceM ?? 1),
  );
  return {
    mostReps: highest(of((s) => s.reps)),
    longestDurationSec: highest(of((s) => s.distanceM === null && s.durationSec)),
    longestDistanceM: hundredths(highest(of((s) => s.distanceM))),
    fastestPaceSecPerKm: hundredths(paces.length ? Math.min(...paces) : null),
  };
}

/** A created workout is answered from what was written: it must be what reading it back answers. */
async function expectAnswerIsReadBack(token: string, answer: { workout: Workout }) {
  const read = await t().call('GET', `/api/workouts/${answer.workout._id}`, { token });
  expect(read.statusCode, read.body).toBe(200);
  expect(answer).toEqual(read.json());
}

/** Logs a workout after the whole history (the path that reads only the stored rows) and checks its records. */
async function expectNextWorkoutRecords(token: string, username: string, at: string, exercises: object[]) {
  const res = await t().call('POST', '/api/workouts', {
    token,
    body: { workout: { title: 'Next', startedAt: at, exercises } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = workoutResponseSchema.parse(res.json()).workout;
  await expectAnswerIsReadBack(token, res.json());
  const replay = replayRecords(sessionsOf(await historyOf(username)));
  const expected = replay.records.filter((r) => r.workoutId === created._id).map((r) => recordKey(r));
  expect(created.records.map((r) => recordKey({ ...r, workoutId: created._id })).sort()).toEqual(expected.sort());
  return created;
}

describe('stored bests (exercise_bests)', () => {
  it('agree with a full replay after creates at the end, back-dated creates, edits, deletes and an import', async () => {
    const { token } = await t().signup('bea_bests');
    const random = randomOf(3);
    const sessionFor = () => [
      squat(
        lift(60, 10, 'warmup'),
        lift(80 + random(6) * 5, 1 + random(10)),
        lift(80 + random(4) * 5, 1 + random(12)),
        lift(70, 5 + random(6), random(3) === 0 ? 'drop' : undefined),
      ),
      ...(random(3) === 0 ? [squat(lift(90 + random(3) * 5, 1 + random(5)))] : []),
      running({ distanceM: 1000 + random(5) * 1000, durationSec: 300 + random(900) }),
    ];
    const ids: string[] = [];
    const log = async (startedAt: string) => {
      const res = await t().call('POST', '/api/workouts', {
        token,
        body: { workout: { title: 'Session', startedAt, exercises: sessionFor() } },
      });
      expect(res.statusCode, res.body).toBe(201);
      await expectAnswerIsReadBack(token, res.json());
      ids.push(res.json().workout._id);
    };
    // In time order: every one after the history.
    for (let d = 1; d <= 12; d++) await log(day(d));
    await expectAgreesWithReplay('bea_bests');
    // Back-dated among them.
    for (let i = 0; i < 4; i++) await log(day(1 + random(12), 5));
    await expectAgreesWithReplay('bea_bests');
    for (let i = 0; i < 3; i++) {
      const id = ids[random(ids.length)];
      const res = await t().call('POST', `/api/workouts/edit/${id}`, {
        token,
        body: { workout: { title: 'Edited', startedAt: day(1 + random(14), 9), exercises: sessionFor() } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectAgreesWithReplay('bea_bests');
    for (let i = 0; i < 3; i++) {
      const [id] = ids.splice(random(ids.length), 1);
      expect((await t().call('DELETE', `/api/workouts/${id}`, { token })).statusCode).toBe(200);
    }
    await expectAgreesWithReplay('bea_bests');
    await expectNextWorkoutRecords(token, 'bea_bests', day(20), [
      squat(lift(100, 3), lift(85, 12), lift(70, 11)),
      running({ distanceM: 5000, durationSec: 1200 }),
    ]);
    await expectAgreesWithReplay('bea_bests');

    // An import, part before the latest workout (replayed from the history), part after it.
    const csv = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      '2026-09-15 07:00:00,"Imported A",1h,"Squat (Barbell)",1,102.5,2,0,0,"","",',
      '2026-09-15 07:00:00,"Imported A",1h,"Squat (Barbell)",2,80,13,0,0,"","",',
      '2026-09-25 07:00:00,"Imported B",1h,"Squat (Barbell)",1,105,1,0,0,"","",',
      '2026-09-25 07:00:00,"Imported B",1h,"Squat (Barbell)",2,70,12,0,0,"","",',
    ].join('\n');
    const imported = await importCsv(t().app, token, `${csv}\n`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported).toBe(2);
    await expectAgreesWithReplay('bea_bests');
    await expectNextWorkoutRecords(token, 'bea_bests', day(28), [squat(lift(107.5, 1), lift(80, 14), lift(102.5, 3))]);
    await expectAgreesWithReplay('bea_bests');
  });

  it('count an exercise logged twice in one workout as one session, its volume the sum of both', async () => {
    const { token } = await t().signup('dee_twice');
    const log = async (startedAt: string, exercises: object[]) => {
      const res = await t().call('POST', '/api/workouts', {
        token,
        body: { workout: { title: 'Session', startedAt, exercises } },
      });
      expect(res.statusCode, res.body).toBe(201);
      await expectAnswerIsReadBack(token, res.json());
      return res.json().workout._id as string;
    };
    await log(day(1), [squat(lift(100, 5)), squat(lift(100, 5), lift(60, 10, 'warmup'))]);
    const second = await log(day(2), [squat(lift(100, 8))]);
    const squatRecords = async () =>
      (await t().call('GET', '/api/users/dee_twice/records'))
        .json()
        .records.find((r: { exerciseId: string }) => r.exerciseId === 'barbell-back-squat');
    expect(await squatRecords()).toMatchObject({ sessions: 2, bestVolumeKg: 1000 });
    await expectAgreesWithReplay('dee_twice');
    // A back-dated one (replayed from the history) and a delete rewrite the row by the same count.
    await log(day(1, 5), [squat(lift(110, 6)), squat(lift(110, 5))]);
    expect(await squatRecords()).toMatchObject({ sessions: 3, bestVolumeKg: 1210 });
    expect((await t().call('DELETE', `/api/workouts/${second}`, { token })).statusCode).toBe(200);
    expect(await squatRecords()).toMatchObject({ sessions: 2, bestVolumeKg: 1210 });
    await expectAgreesWithReplay('dee_twice');
  });

  it('are counted by session again by migration 102 (071 before it) where an older server counted entries', async () => {
    const { token } = await t().signup('eve_entries');
    const res = await t().call('POST', '/api/workouts', {
      token,
      body: { workout: { title: 'Twice', startedAt: day(3), exercises: [squat(lift(100, 5)), squat(lift(90, 5))] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The row as the release before kept it: two entries, the best volume of one entry.
    const k = t().db.kysely;
    await k
      .updateTable('exercise_bests')
      .set({ entries: 2, best_volume_kg: 500 })
      .where('exercise_id', '=', 'barbell-back-squat')
      .where(
        'user_id',
        '=',
        (await k.selectFrom('users').select('id').where('username', '=', 'eve_entries').executeTakeFirstOrThrow()).id,
      )
      .execute();
    const squatRecords = async () =>
      (await t().call('GET', '/api/users/eve_entries/records'))
        .json()
        .records.find((r: { exerciseId: string }) => r.exerciseId === 'barbell-back-squat');
    expect(await squatRecords()).toMatchObject({ sessions: 2, bestVolumeKg: 500 });
    const rebuilt = durationAndDistanceBests();
    await rebuilt.down(k as never);
    await rebuilt.up(k as never);
    expect(await squatRecords()).toMatchObject({ sessions: 1, bestVolumeKg: 950 });
    await expectAgreesWithReplay('eve_entries');
  });

  it('are filled by the migration from workouts stored before it', async () => {
    const { token } = await t().signup('cy_backfill');
    const random = randomOf(5);
    for (let d = 1; d <= 8; d++) {
      const res = await t().call('POST', '/api/workouts', {
        token,
        body: {
          workout: {
            title: 'Session',
            startedAt: day(d),
            exercises: [
              squat(lift(50, 10, 'warmup'), lift(80 + random(5) * 5, 1 + random(10)), lift(75, 2 + random(10))),
              running({ distanceM: 1000 + random(5) * 1000, durationSec: 300 + random(900) }),
            ],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The schema before 066, with these workouts in it (102, whose columns are on 066's table, and
    // 075, whose index holds a column 066 adds, undone first, as the migrator would); then 066, 075
    // and 102 upgrade it in place (102 fills the rows).
    const migration = exerciseBests(t().db.kind);
    const later = progressCoveringIndex();
    const latest = durationAndDistanceBests();
    await latest.down(t().db.kysely as never);
    await later.down(t().db.kysely as never);
    await migration.down(t().db.kysely as never);
    await migration.up(t().db.kysely as never);
    await later.up(t().db.kysely as never);
    await latest.up(t().db.kysely as never);
    await expectAgreesWithReplay('cy_backfill');
    await expectNextWorkoutRecords(token, 'cy_backfill', day(20), [
      squat(lift(100, 2), lift(75, 12)),
      running({ distanceM: 6000, durationSec: 1500 }),
    ]);
  });
});
