import { lastSessionResponseSchema } from '@spotter/contract/schemas';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { historyEntryPosition } from '../src/db/migrations/151-history-entry-position';
import { type QueryLog, recordQueries } from './helpers/query-log';
import { useTestApp } from './helpers/test-app';

/**
 * 151-history-entry-position (SQLite): the history index carries each entry's position, so an
 * exercise's latest entry and the position of its first entry in that workout are one seek of the
 * index (no row of the table, no sort), and previous numbers answer exactly what they answered
 * before the migration.
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

describe('migration 151 (an entry position in the history index)', () => {
  it("reads an exercise's latest entry and its position from the history index alone, with the same answer as before", async () => {
    const me = await t().signup('m151_lifter');
    for (const [day, exercises] of [
      ['2026-10-01', [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }]],
      [
        '2026-10-03',
        [
          { exerciseId: 'plank', sets: [{ durationSec: 60 }] },
          {
            exerciseId: 'barbell-back-squat',
            sets: [
              { reps: 5, weightKg: 90 },
              { reps: 5, weightKg: 95 },
            ],
          },
          { exerciseId: 'barbell-back-squat', sets: [{ reps: 2, weightKg: 150 }] },
        ],
      ],
    ] as const) {
      const res = await t().call('POST', '/api/workouts', {
        token: me.token,
        body: { workout: { title: `squat ${day}`, startedAt: `${day}T17:00:00.000Z`, exercises } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const previous = async () => {
      log?.take();
      const res = await t().call('GET', '/api/exercises/barbell-back-squat/last', { token: me.token });
      expect(res.statusCode, res.body).toBe(200);
      const query = log?.take().find((q) => q.sql.includes('"workout_exercises"'));
      if (!query) throw new Error('the latest entry query was not seen');
      const sqlite = t().db.sqlite;
      if (!sqlite) throw new Error('a SQLite-only migration');
      const plan = (
        sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as {
          detail: string;
        }[]
      ).map((r) => r.detail);
      return { sets: lastSessionResponseSchema.parse(res.json()).last?.sets, plan };
    };
    const indexAlone = (plan: string[]) =>
      plan.some((line) => line.includes('USING COVERING INDEX workout_exercises_history')) &&
      !plan.some((line) => /TEMP B-TREE|sqlite_autoindex_workout_exercises/.test(line));

    const now = await previous();
    // The latest workout's first squat entry, though a heavier one follows it.
    expect(now.sets?.map((s) => `${s.reps}x${s.weightKg}`)).toEqual(['5x90', '5x95']);
    expect(now.plan, now.plan.join('\n')).toSatisfy(indexAlone);

    const migration = historyEntryPosition('sqlite');
    const db = t().db.kysely as unknown as Kysely<unknown>;
    await migration.down(db);
    const before = await previous();
    expect(before.sets).toEqual(now.sets);
    expect(before.plan, before.plan.join('\n')).not.toSatisfy(indexAlone);
    await migration.up(db);
    expect(await previous()).toEqual(now);
  });
});
