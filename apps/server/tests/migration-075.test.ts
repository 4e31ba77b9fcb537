import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { progressCoveringIndex } from '../src/db/migrations/075-progress-covering-index';
import { fillProgressFigures, rebuildHistoryIndex } from '../src/db/migrations/140-progress-figures';
import { type LoggedQuery, type QueryLog, recordQueries } from './helpers/query-log';
import { useTestApp } from './helpers/test-app';

/**
 * 075-progress-covering-index and 140-progress-figures: the history index carries each entry's
 * figures, so a progress chart is read from the index alone (no table row per entry, no sort after
 * the grouping), and answers exactly what it answered before each migration; 140 fills the figures of
 * entries saved before it from their sets.
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

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** How the database reads the progress query: SQLite's plan lines, or PostgreSQL's plan nodes. */
async function planOf(query: LoggedQuery): Promise<string[]> {
  const db = t().db;
  if (db.sqlite) {
    const rows = db.sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[]));
    return (rows as { detail: string }[]).map((r) => r.detail);
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const text = `explain (format json) ${query.sql.replace(/\$(\d+)/g, (_, n) => `'${query.parameters[Number(n) - 1]}'`)}`;
      const { rows } = await sql.raw<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(text).execute(connection);
      const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
      return root ? nodes(root).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim()) : [];
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

const coveringRead = (plan: string[]) =>
  plan.some((line) =>
    /USING COVERING INDEX workout_exercises_history|^Index Only Scan workout_exercises_history/.test(line),
  ) && !plan.some((line) => /TEMP B-TREE|^Sort/.test(line));

describe('migration 075 (progress read from the index)', () => {
  it('reads a progress chart from the history index alone, with the same points as before', async () => {
    const me = await t().signup('m75_lifter');
    const squat = (weightKg: number, reps: number) => ({
      exerciseId: 'barbell-back-squat',
      sets: [
        { reps: 5, weightKg },
        { reps, weightKg: 40 },
        { reps: 20, weightKg: 20, type: 'warmup' },
      ],
    });
    for (const [day, exercises] of [
      ['2026-10-01', [squat(100, 10)]],
      ['2026-10-03', [squat(105, 9), squat(60, 12)]],
      ['2026-10-06', [squat(110, 11)]],
    ] as const) {
      const res = await t().call('POST', '/api/workouts', {
        token: me.token,
        body: { workout: { title: `squat ${day}`, startedAt: `${day}T17:00:00.000Z`, exercises } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const progress = async () => {
      log?.take();
      const res = await t().call('GET', '/api/users/m75_lifter/progress?exerciseId=barbell-back-squat', {
        token: me.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const query = log?.take().find((q) => q.sql.includes('"workout_exercises"'));
      if (!query) throw new Error('the progress query was not seen');
      return { answer: res.json(), plan: await planOf(query) };
    };

    const now = await progress();
    expect(now.answer.points.map((p: { bestWeightKg: number }) => p.bestWeightKg)).toEqual([100, 105, 110]);
    // A workout with the exercise twice is one point, with the best of both entries (warm-ups aside).
    expect(now.answer.points.map((p: { mostReps: number }) => p.mostReps)).toEqual([10, 12, 11]);
    expect(now.plan, now.plan.join('\n')).toSatisfy(coveringRead);

    // The database as before 075: the same answer, read through the table.
    const migration = progressCoveringIndex();
    const db = t().db.kysely as unknown as Kysely<unknown>;
    await migration.down(db);
    const before = await progress();
    expect(before.answer).toEqual(now.answer);
    expect(before.plan, before.plan.join('\n')).not.toSatisfy(coveringRead);
    await migration.up(db);
    const as075 = await progress();
    expect(as075.answer).toEqual(now.answer);
    // 140's figures are read from the table until the index holds them too.
    expect(as075.plan, as075.plan.join('\n')).not.toSatisfy(coveringRead);
    await rebuildHistoryIndex(db, 'with progress figures');
    const after = await progress();
    expect(after.answer).toEqual(now.answer);
    expect(after.plan, after.plan.join('\n')).toSatisfy(coveringRead);

    // Entries saved before 140 had no figures: the migration computes them from the sets.
    await sql`update workout_exercises set most_reps = null, longest_hold_sec = null`.execute(db);
    expect((await progress()).answer).not.toEqual(now.answer);
    await fillProgressFigures(db);
    expect((await progress()).answer).toEqual(now.answer);
  });
});
