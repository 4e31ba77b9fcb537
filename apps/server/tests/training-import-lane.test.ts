import { trainingErrors } from '@spotter/contract';
import { importResultSchema } from '@spotter/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { createImportLane } from '../src/modules/training';
import { importCsv } from './helpers/import-csv';
import { guest } from './helpers/seed-data';
import { startTestApp, type TestApp } from './helpers/test-app';

// Issue 45, finding 3: three parallel 10 MB imports from one account held a login for 25 s. Imports
// now run one at a time per server in their own lane, and are written in batches with turns between.

const strongHeader =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';

/**
 * A Strong file of `workouts` workouts, one a day from 1 January 2025, of `sets` bench sets each,
 * each workout's half a kilogram heavier than the one before.
 */
function strongFile(workouts: number, sets: number): string {
  const lines = [strongHeader];
  for (let w = 0; w < workouts; w++) {
    const day = new Date(Date.UTC(2025, 0, 1 + w)).toISOString().slice(0, 10);
    const kg = 60 + w / 2;
    for (let s = 1; s <= sets; s++)
      lines.push(`${day} 07:30:00,"Bench",45m,"Bench Press (Barbell)",${s},${kg},5,0,0,"","",`);
  }
  return lines.join('\n');
}

const workoutCount = (t: TestApp, userId: string) =>
  t.db.kysely
    .selectFrom('workouts')
    .innerJoin('users', 'users.id', 'workouts.user_id')
    .where('users.public_id', '=', userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

describe('the import lane', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  // One import at a time, one waiting at most: while the test holds the lane and one waits, the next is refused.
  const lane = createImportLane({ concurrency: 1, queueMax: 1, waitSeconds: 60 });
  let release: () => void = () => undefined;
  let holding: Promise<unknown> = Promise.resolve();
  let ana: { token: string; userId: string };

  beforeAll(async () => {
    const started = await startTestApp({}, { mediaSweep: false, importLane: lane });
    t = started.testApp;
    drop = started.db.drop;
    ana = await t.signup('lane_ana');
  });
  afterAll(async () => {
    release();
    await t?.app.close();
    await drop?.();
  });

  const hold = () => {
    holding = lane.run(() => new Promise<void>((resolve) => (release = resolve)));
  };

  it('a full lane answers an import 503 with Retry-After and a clear message, and stores nothing of it', async () => {
    hold();
    const waiting = importCsv(t.app, ana.token, strongFile(2, 1));
    while (lane.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    const refused = await importCsv(t.app, ana.token, strongFile(3, 1));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('15');
    expect(refused.json()).toEqual({ errors: [trainingErrors.importBusy] });
    expect(await workoutCount(t, ana.userId)).toBe(0);

    // Logins and reads are answered meanwhile.
    const login = await t.call('POST', '/api/auth/login', { body: guest });
    expect(login.statusCode).toBe(200);
    expect((await t.call('GET', '/api/users/lane_ana/workouts')).statusCode).toBe(200);

    // The one that waited runs in its turn.
    release();
    await holding;
    const done = await waiting;
    expect(done.statusCode, done.body).toBe(200);
    expect(importResultSchema.parse(done.json())).toEqual({ imported: 2, skipped: 0, exercisesCreated: 0 });
  });

  it('once the lane is free, the refused file is imported', async () => {
    const res = await importCsv(t.app, ana.token, strongFile(3, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 1, skipped: 2, exercisesCreated: 0 });
  });
});

describe('a large import', () => {
  // Before each write transaction: how many of the importer's workouts a reader sees then.
  let seen: number[] = [];
  let observe: (() => Promise<number>) | undefined;
  let t: TestApp;
  let drop: () => Promise<void>;

  const watchTransactions = (db: Db): Db => {
    const transaction = db.kysely.transaction.bind(db.kysely);
    db.kysely.transaction = () => {
      const builder = transaction();
      const execute = builder.execute.bind(builder);
      builder.execute = async (callback) => {
        if (observe) seen.push(await observe());
        return execute(callback);
      };
      return builder;
    };
    return db;
  };

  beforeAll(async () => {
    const started = await startTestApp({}, { mediaSweep: false, wrapDb: watchTransactions });
    t = started.testApp;
    drop = started.db.drop;
  });
  afterAll(async () => {
    await t?.app.close();
    await drop?.();
  });

  it('is stored in batches, oldest first, so others are served between them and see it arrive', async () => {
    const ben = await t.signup('batch_ben');
    seen = [];
    observe = () => workoutCount(t, ben.userId);
    // 300 workouts of 10 sets: 3,000 sets, more than one batch holds.
    const res = await importCsv(t.app, ben.token, strongFile(300, 10));
    observe = undefined;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 300, skipped: 0, exercisesCreated: 0 });
    expect(seen.some((n) => n > 0 && n < 300)).toBe(true);
    expect(await workoutCount(t, ben.userId)).toBe(300);

    // Each batch's records follow from the batches before it, as one transaction's would: every
    // workout is the heaviest yet, the last one by half a kilogram.
    const page = await t.call('GET', '/api/users/batch_ben/workouts?limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const records = page
      .json()
      .workouts.map((w: { records: { type: string; value: number; previous: number }[] }) =>
        w.records.filter((r) => r.type === 'heaviestWeight').map((r) => `${r.value} (${r.previous})`),
      );
    expect(records).toEqual([['209.5 (209)'], ['209 (208.5)']]);
  });
});
