import fs from 'node:fs';
import { workoutInputSchema } from '@spotter/contract/schemas';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { Key } from '../../apps/server/src/db/schema/keys';
import {
  currentRecords,
  progressPoints,
  workoutStats,
} from '../../apps/server/src/modules/training/queries/training-stats';
import { storeNewWorkout } from '../../apps/server/src/modules/training/workout-create';
import { importWorkoutsCsv } from '../../apps/server/src/modules/training/workout-import';
import { userKey } from '../generate/network';
import { firstTrainee, liftIds, trainees } from '../generate/training';
import { postgresBackendsCpuMs } from '../load/postgres-cpu';
import { strongCsv } from '../scenarios/training';
import { countingStatements } from './statement-count';

/**
 * The CPU of issue 15's calls alone, in process, without HTTP, on a generated network's SQLite file
 * (the trainees have two years of workouts):
 * `npx tsx bench/probes/training-cost.ts <sqlite file | postgres:// url> [work copy] [call ...]`. A SQLite
 * file is copied first (creates and imports write; to /tmp/spotter-training-cost.db unless a work
 * copy is named), a PostgreSQL database is used as it is (training-postgres.ts makes one);
 * both are migrated to the code's schema. Calls named after the file (`create`, `records`,
 * `progress`, `stats`, `import`) limit the run to them. Each read is done once for all 300 trainees
 * to warm the cache, then three rounds; medians of the rounds. Creating a workout is what
 * POST /api/workouts runs (storeNewWorkout), 100 trainees a round, started now; the import is three
 * 5,000-set Strong files, as the bench. Beside the CPU: the statements one call sends (begin and
 * commit not counted) and, on PostgreSQL, the CPU of the database's backends (from /proc).
 */
const source = process.argv[2];
if (!source)
  throw new Error('usage: npx tsx bench/probes/training-cost.ts <sqlite file | postgres:// url> [work copy]');
const onPostgres = source.startsWith('postgres');
const workCopy = process.argv[3]?.endsWith('.db') ? process.argv[3] : undefined;
const only = process.argv.slice(workCopy ? 4 : 3);
const wanted = (name: string) => only.length === 0 || only.some((o) => name.startsWith(o));
const file = workCopy ?? '/tmp/spotter-training-cost.db';
if (!onPostgres) {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(source, file);
}
const opened = openDatabase(onPostgres ? { kind: 'postgres', url: source } : { kind: 'sqlite', file });

const { db, sent } = countingStatements(opened);
const migrateStart = performance.now();
const applied = await migrateToLatest(db);
if (applied.length > 0)
  console.log(`migrated (${applied.join(', ')}) in ${Math.round(performance.now() - migrateStart)} ms`);

const people: Key[] = Array.from({ length: trainees }, (_, i) => userKey(firstTrainee + i) as Key);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const from = '2024-11-01T00:00:00.000Z';
const to = '2026-11-01T00:00:00.000Z';
let step = 0;

const now = Date.now();

const createWorkout = async (userId: Key) => {
  step += 1;
  const workout = workoutInputSchema.parse({
    title: 'probe workout',
    startedAt: new Date(now + step * 1000).toISOString(),
    durationSec: 3_600,
    exercises: liftIds.slice(0, 4).map((exerciseId, i) => ({
      exerciseId,
      sets: [
        { type: 'warmup', reps: 10, weightKg: 40 },
        ...[0, 1, 2].map((s) => ({ reps: 5 + ((step + s) % 4), weightKg: 60 + 2.5 * ((step * 7 + i + s) % 30) })),
      ],
    })),
  });
  await storeNewWorkout(db, { id: userId, username: 'probe' }, workout);
};

const calls: Record<string, { people: Key[]; call: (userId: Key, i: number) => Promise<unknown> }> = {
  records: { people, call: (u) => currentRecords(db, { key: u }) },
  progress: {
    people,
    call: (u, i) => progressPoints(db, { key: u }, liftIds[i % 4] ?? '', { from, to, limit: 1000 }),
  },
  stats: { people, call: (u) => workoutStats(db, { key: u }, new Date()) },
  'create a workout': { people: people.slice(0, 100), call: (u) => createWorkout(u) },
};
for (const [name, { people: who, call }] of Object.entries(calls)) {
  if (!wanted(name)) continue;
  for (let i = 0; i < who.length; i++) await call(who[i] as Key, i);
  const rounds: number[] = [];
  const databaseRounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const databaseStart = await postgresBackendsCpuMs(opened);
    const start = process.cpuUsage();
    for (let i = 0; i < who.length; i++) await call(who[i] as Key, i);
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / who.length);
    databaseRounds.push(((await postgresBackendsCpuMs(opened)) - databaseStart) / who.length);
  }
  const before = sent();
  await call(who[0] as Key, 0);
  const sentByCall = sent() - before;
  const ms = (values: number[]) => values.map((r) => r.toFixed(3)).join(', ');
  console.log(
    `${name}: ${median(rounds).toFixed(3)} ms of CPU per call (rounds ${ms(rounds)}), ${sentByCall} statements` +
      (onPostgres ? `; PostgreSQL ${median(databaseRounds).toFixed(3)} ms (rounds ${ms(databaseRounds)})` : ''),
  );
}

const importers = wanted('import') ? [0, 97, 194] : [];
const imports: string[] = [];
for (const [i, trainee] of importers.entries()) {
  const csv = strongCsv(5_000, 29 + i);
  const wall = performance.now();
  const start = process.cpuUsage();
  const result = await importWorkoutsCsv(db, people[trainee] as Key, csv, undefined);
  const used = process.cpuUsage(start);
  imports.push(
    `${Math.round(performance.now() - wall)} ms (${Math.round((used.user + used.system) / 1000)} ms CPU, ${result.imported} workouts)`,
  );
}
if (imports.length > 0) console.log(`import of a 5,000-set Strong CSV: ${imports.join('; ')}`);
await opened.close();
