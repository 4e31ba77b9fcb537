import { openDatabase } from '../../apps/server/src/db/database';
import { recomputeRecords } from '../../apps/server/src/modules/training/queries/workout-records';
import { type NetworkSize, userKey } from '../generate/network';
import { firstTrainee, trainees } from '../generate/training';
import type { LoadRequest, LoadResult } from '../load/run-load';
import { judge, type Target } from '../report/judge';
import type { Child } from '../servers/spotter';
import { type ConversationScenario, conversationScenarios, conversationTitles } from './conversation';
import {
  benchWorkoutTitle,
  strongCsv,
  type TrainingScenario,
  trainingScenarios,
  trainingTitles,
  trainingTokens,
} from './training';

/**
 * The scenarios of issues 14 (comment, notifications and tag pages) and 15 (workouts, records,
 * progress, stats, and a 5,000-set CSV import), run on each database after the page scenarios of
 * pages.ts, with their targets.
 */
export type ConversationTrainingScenario = ConversationScenario | TrainingScenario;
export const conversationTrainingTitles: Record<ConversationTrainingScenario, string> = {
  ...conversationTitles,
  ...trainingTitles,
};

export interface ImportTiming {
  sets: number;
  runsMs: number[];
  medianMs: number;
  maxMs: number;
  imported: number[];
}

export interface ConversationTrainingResults {
  scenarios: Partial<Record<ConversationTrainingScenario, LoadResult & { peakRssMb: number }>>;
  csvImport: ImportTiming | null;
}

const importSets = 5_000;

/** Three imports of a 5,000-set Strong file, one after another, each by a trainee with two years of history. */
async function timeImports(server: Child, jwtSecret: string): Promise<ImportTiming> {
  const tokens = await trainingTokens(jwtSecret);
  const runsMs: number[] = [];
  const imported: number[] = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new Blob([strongCsv(importSets, 29 + i)], { type: 'text/csv' }), 'strong.csv');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/workouts/import`, {
      method: 'POST',
      headers: { authorization: tokens[importers[i] ?? 0] ?? '' },
      body: form,
    });
    const body = (await res.json()) as { imported?: number };
    runsMs.push(Math.round(performance.now() - started));
    if (!res.ok) throw new Error(`the import answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    imported.push(body.imported ?? 0);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { sets: importSets, runsMs, medianMs: sorted[1] ?? 0, maxMs: sorted[2] ?? 0, imported };
}

export async function runConversationTraining(options: {
  label: string;
  size: NetworkSize;
  server: Child;
  jwtSecret: string;
  load: (requests: LoadRequest[]) => Promise<LoadResult>;
  notes: string[];
}): Promise<ConversationTrainingResults> {
  const { size, server, jwtSecret } = options;
  const results: ConversationTrainingResults = { scenarios: {}, csvImport: null };
  const conversation = await conversationScenarios(size, jwtSecret);
  const training = size.users >= firstTrainee + trainees ? await trainingScenarios(size, jwtSecret) : null;
  const all: [ConversationTrainingScenario, LoadRequest[]][] = [
    ...(Object.entries(conversation) as [ConversationTrainingScenario, LoadRequest[]][]),
    ...(training ? (Object.entries(training) as [ConversationTrainingScenario, LoadRequest[]][]) : []),
  ];
  for (const [name, requests] of all) {
    process.stdout.write(`  ${options.label}: ${conversationTrainingTitles[name]} ... `);
    const result = await options.load(requests);
    results.scenarios[name] = { ...result, peakRssMb: server.peakRssMb() };
    console.log(
      `${Math.round(result.reqPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `${result.cpuMsPerRequest?.toFixed(2)} ms CPU/request` +
        (result.failures ? `, ${result.failures} FAILURES` : ''),
    );
    if (result.failures)
      options.notes.push(
        `${options.label} ${conversationTrainingTitles[name]}: ${result.failures} answers were not 2xx.`,
      );
  }
  if (training) {
    process.stdout.write(`  ${options.label}: import of a ${importSets.toLocaleString('en')}-set CSV, 3 times ... `);
    try {
      results.csvImport = await timeImports(server, jwtSecret);
      console.log(`${results.csvImport.runsMs.join(', ')} ms`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(reason);
      options.notes.push(`${options.label} CSV import: ${reason}`);
    }
  }
  return results;
}

/** The table rows of these scenarios, in the layout of report/tables.ts's. */
export function conversationTrainingRows(
  label: string,
  more: ConversationTrainingResults | undefined,
  /** The bare server's req/s; NaN where none was measured (the column then says —). */
  ceilingRps: number,
): string[] {
  if (!more) return [];
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const rows = (
    Object.entries(more.scenarios) as [ConversationTrainingScenario, LoadResult & { peakRssMb: number }][]
  ).map(
    ([name, r]) =>
      `| ${conversationTrainingTitles[name]} | ${label} | ${fmt(r.reqPerSec)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ` +
      `${Number.isFinite(ceilingRps) ? `${fmt((r.reqPerSec / ceilingRps) * 100, 1)} %` : '—'} | ${r.cpuMsPerRequest === null ? '—' : `${fmt(r.cpuMsPerRequest, 2)} ms`} | ` +
      `${r.failures} | ${fmt(r.peakRssMb)} MB |`,
  );
  if (more.csvImport) {
    const c = more.csvImport;
    rows.push(
      `| import of a ${fmt(c.sets)}-set Strong CSV (3 one after another) | ${label} | | ${c.medianMs} ms | ${c.maxMs} ms (max) | ` +
        `(apart) | | 0 | |`,
    );
  }
  return rows;
}

/** Issue 14's and 15's targets, on the run of each database (SQLite's first, PostgreSQL's beside). */
export function conversationTrainingTargets(
  runs: { database: string; more?: ConversationTrainingResults }[],
): Target[] {
  const targets: Target[] = [];
  for (const run of runs) {
    // A scenario that got no answer at all measured nothing: not a pass at 0 ms.
    const p99 = (name: ConversationTrainingScenario) => {
      const r = run.more?.scenarios[name];
      return r && r.requests > 0 ? r.p99Ms : null;
    };
    for (const name of Object.keys(conversationTrainingTitles) as ConversationTrainingScenario[]) {
      targets.push(judge(`${conversationTrainingTitles[name]} p99 (${run.database})`, p99(name), 25, 'max', 'ms', 0));
    }
    targets.push(
      judge(
        `import of a 5,000-set CSV (${run.database}, slowest of 3)`,
        run.more?.csvImport?.maxMs ?? null,
        2000,
        'max',
        'ms',
        0,
      ),
    );
  }
  return targets;
}

/** The trainees who import (their index among the trainees). */
const importers = [0, 97, 194];

/**
 * Undoes what the scenarios wrote on PostgreSQL: the workouts they logged and imported, the custom
 * exercises the imports created, and the importers' records replayed again without them.
 */
export async function putBackPostgresTraining(url: string) {
  const db = openDatabase({ kind: 'postgres', url });
  try {
    const keys = importers.map((i) => userKey(firstTrainee + i));
    // Everyone who logged a bench workout: their stored bests counted it, and are replayed again.
    const loggers = await db.kysely
      .selectFrom('workouts')
      .select('user_id')
      .distinct()
      .where('title', '=', benchWorkoutTitle)
      .execute();
    await db.kysely.deleteFrom('workouts').where('title', '=', benchWorkoutTitle).execute();
    await db.kysely.deleteFrom('workouts').where('user_id', 'in', keys).where('title', 'like', 'Imported %').execute();
    await db.kysely.deleteFrom('exercises').where('owner_id', 'in', keys).execute();
    for (const key of new Set([...keys, ...loggers.map((r) => r.user_id)])) {
      await db.kysely.transaction().execute(async (trx) => {
        const ids = await trx
          .selectFrom('workout_exercises')
          .select('exercise_id')
          .distinct()
          .where('user_id', '=', key)
          .execute();
        await recomputeRecords(
          trx,
          key,
          ids.map((r) => r.exercise_id),
          new Date(0).toISOString(),
        );
      });
    }
  } finally {
    await db.close();
  }
}
