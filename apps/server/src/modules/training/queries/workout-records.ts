import type { Insertable, Transaction } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { preparedRows } from '../../../db/prepared-rows';
import type { DatabaseSchema } from '../../../db/schema';
import type { Key } from '../../../db/schema/keys';
import { isoOf } from '../../../db/time';
import { type ExerciseSession, replayRecords, type WorkoutRecordEntry } from '../records';
import type { SetValues } from '../set-metrics';
import { type ExerciseStanding, entryFigures, historyBests, standingsFrom, writeStandings } from './exercise-bests';
import { namesOf, recordColumns } from './workout-columns';

type Executor = Transaction<DatabaseSchema>;

/**
 * Rewrites a person's records of some exercises for the workouts started at or after `from`, by
 * replaying those sessions (modules/training/records.ts) from the bests of the earlier ones, and their
 * stored standings (`exercise_bests`) from the bests after the last. Runs inside the transaction
 * that changed a workout, so the records never disagree with the workouts they are computed from.
 * Answers the records written (of every workout replayed).
 */
export async function recomputeRecords(
  trx: Transaction<DatabaseSchema>,
  userId: Key,
  exerciseIds: readonly string[],
  from: string,
): Promise<WorkoutRecordEntry[]> {
  const written: WorkoutRecordEntry[] = [];
  for (const part of chunks([...new Set(exerciseIds)])) {
    const rows = await trx
      .selectFrom('workout_exercises as we')
      .innerJoin('workout_sets as s', (join) =>
        join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
      )
      .select(['we.workout_id', 'we.exercise_id', 'we.started_at', 'we.position'])
      .select(['s.type', 's.reps', 's.weight_kg', 's.distance_m', 's.duration_sec', 's.rpe', 's.done'])
      .where('we.user_id', '=', userId)
      .where('we.exercise_id', 'in', part)
      .where('we.started_at', '>=', from)
      .orderBy('we.started_at')
      .orderBy('we.workout_id')
      .orderBy('we.position')
      .orderBy('s.position')
      .execute();

    const sessions: ExerciseSession[] = [];
    let current: (ExerciseSession & { sets: SetValues[]; position: number }) | undefined;
    for (const row of rows) {
      if (!current || current.workoutId !== row.workout_id || current.position !== row.position) {
        current = {
          workoutId: row.workout_id,
          exerciseId: row.exercise_id,
          startedAt: isoOf(row.started_at),
          position: row.position,
          sets: [],
        };
        sessions.push(current);
      }
      current.sets.push({
        type: row.type,
        reps: row.reps,
        weightKg: row.weight_kg,
        distanceM: row.distance_m,
        durationSec: row.duration_sec,
        rpe: row.rpe,
        done: Number(row.done) === 1,
      });
    }
    const { records, bests } = replayRecords(sessions, await historyBests(trx, userId, part, from));

    await trx
      .deleteFrom('workout_records')
      .where('user_id', '=', userId)
      .where('exercise_id', 'in', part)
      .where('started_at', '>=', from)
      .execute();
    await insertRecords(trx, userId, records, sessions);
    await writeStandings(trx, userId, part, standingsFrom(bests, await entryFigures(trx, userId, part)));
    written.push(...records);
  }
  return written;
}

export type RecordRow = Insertable<DatabaseSchema['workout_records']>;

const insertRecordRows = preparedRows(namesOf(recordColumns), (db, rows: RecordRow[]) =>
  db.kysely.insertInto('workout_records').values(rows),
);

/** The rows of records set by some sessions (their workout's start copied on each, as the table keeps it). */
export function recordRowsOf(
  userId: Key,
  records: readonly WorkoutRecordEntry[],
  sessions: readonly ExerciseSession[],
): RecordRow[] {
  const startedAt = new Map(sessions.map((s) => [s.workoutId, s.startedAt]));
  return records.map((r) => ({
    workout_id: r.workoutId,
    user_id: userId,
    exercise_id: r.exerciseId,
    started_at: startedAt.get(r.workoutId) ?? '',
    type: r.type,
    value: r.value,
    weight_kg: r.weightKg,
    previous: r.previous,
  }));
}

/** Writes records, many rows a statement; with `db`, compiled once per row count (a workout's write). */
async function insertRecords(
  trx: Executor,
  userId: Key,
  records: readonly WorkoutRecordEntry[],
  sessions: readonly ExerciseSession[],
  db?: Db,
) {
  const rows = recordRowsOf(userId, records, sessions);
  if (db) return insertRecordRows(db, trx, rows);
  // 8 columns a row: 500 rows stay below either database's limit of bound parameters.
  for (const batch of chunks(rows, 500)) await trx.insertInto('workout_records').values(batch).execute();
}

/** One exercise entry of a workout being stored: what its standing needs besides the sets. */
export interface NewEntry {
  workoutId: string;
  exerciseId: string;
  startedAt: string;
  volumeKg: number;
}

/**
 * What new workouts do to records, worked out from the stored standings of their exercises
 * (`standings`, read under the owner's lock) before anything is written. When every one starts after
 * the person's last session of each exercise it names (logging today's workout, or importing a file
 * newer than the history), the sessions are replayed from those rows alone: the records they set and
 * the standings after them. Otherwise (a back-dated workout) `replay` names what must be replayed
 * from the history once the workouts are written, as an edit's records are.
 */
export type NewRecordsPlan =
  | { replay: false; records: WorkoutRecordEntry[]; standings: Map<string, ExerciseStanding> }
  | { replay: true; exerciseIds: string[]; from: string };

export function planNewRecords(
  sessions: readonly ExerciseSession[],
  entries: readonly NewEntry[],
  standings: ReadonlyMap<string, ExerciseStanding>,
): NewRecordsPlan {
  if (entries.length === 0) return { replay: false, records: [], standings: new Map() };
  const exerciseIds = [...new Set(entries.map((e) => e.exerciseId))];
  const from = entries.reduce(
    (earliest, e) => (e.startedAt < earliest ? e.startedAt : earliest),
    entries[0]?.startedAt ?? '',
  );
  if ([...standings.values()].some((s) => s.lastStartedAt >= from)) return { replay: true, exerciseIds, from };
  const prior = new Map([...standings].map(([id, s]) => [id, s.bests]));
  const { records, bests } = replayRecords(sessions, prior);
  const next = new Map<string, ExerciseStanding>();
  // Sessions, not entries: an exercise logged twice in one workout counts once (the record rules' view).
  const counted = new Set<string>();
  for (const entry of entries) {
    const was = next.get(entry.exerciseId) ?? standings.get(entry.exerciseId);
    const session = `${entry.workoutId}\u0000${entry.exerciseId}`;
    const newSession = !counted.has(session);
    counted.add(session);
    next.set(entry.exerciseId, {
      bests: bests.get(entry.exerciseId) ?? { scalar: {}, repsAtWeight: new Map() },
      entries: (was?.entries ?? 0) + (newSession ? 1 : 0),
      bestEntryVolumeKg: Math.max(was?.bestEntryVolumeKg ?? 0, entry.volumeKg),
      lastStartedAt: was && was.lastStartedAt > entry.startedAt ? was.lastStartedAt : entry.startedAt,
    });
  }
  return { replay: false, records, standings: next };
}

/**
 * Writes what `planNewRecords` worked out from the standings alone (not a replay): the records set
 * and the standings after them, each many rows a statement compiled once per row count.
 */
export async function writePlannedRecords(
  trx: Executor,
  db: Db,
  userId: Key,
  plan: NewRecordsPlan & { replay: false },
  sessions: readonly ExerciseSession[],
) {
  if (plan.standings.size === 0) return;
  await insertRecords(trx, userId, plan.records, sessions, db);
  await writeStandings(trx, userId, [...plan.standings.keys()], plan.standings, db);
}
