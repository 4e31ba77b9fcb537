import type { Workout } from '@spotter/contract';
import type { WorkoutInput } from '@spotter/contract/schemas';
import type { Insertable, Transaction } from 'kysely';
import { chunks, groupBy } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import type { ClaimInTransaction } from '../../../db/idempotency-keys';
import { preparedRows } from '../../../db/prepared-rows';
import type { DatabaseSchema } from '../../../db/schema';
import type { ExerciseRow } from '../../../db/schema/exercises';
import type { Key } from '../../../db/schema/keys';
import type { WorkoutSetRow } from '../../../db/schema/workouts';
import { isoOf, nowIso } from '../../../db/time';
import type { ExerciseSession } from '../records';
import {
  type ExerciseFigures,
  exerciseFigures,
  figure,
  isWorkSet,
  progressFiguresOf,
  type SetValues,
} from '../set-metrics';
import { workoutAnswer } from '../workout-answer';
import { lockOwnerStandings, standingRowsOf } from './exercise-bests';
import { exerciseColumns, namesOf, setColumns, workoutColumns } from './workout-columns';
import { type NewEntry, planNewRecords, recomputeRecords, recordRowsOf, writePlannedRecords } from './workout-records';
import { writeWorkoutRowsAtOnce } from './workout-rows-postgres';

export interface WorkoutWrite {
  id: string;
  userId: Key;
  workout: WorkoutInput;
  /** The exercises the workout names, already checked as visible to its owner. */
  exercises: ReadonlyMap<string, ExerciseRow>;
  /** The key of the routine it names (`workout.routineId`), already checked as its owner's. */
  routineKey?: Key | null;
}

const toSetValues = (set: WorkoutInput['exercises'][number]['sets'][number]): SetValues => ({
  type: set.type,
  reps: set.reps ?? null,
  weightKg: set.weightKg ?? null,
  distanceM: set.distanceM ?? null,
  durationSec: set.durationSec ?? null,
  rpe: set.rpe ?? null,
  done: set.done,
});

/** On PostgreSQL, one person's workout writes take turns: each replays records the other changes. */
async function lockOwner(trx: Transaction<DatabaseSchema>, kind: Db['kind'], userId: Key) {
  if (kind === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The heaviest weight of the work sets of 1 rep or more, null when none had a load (what progress charts). */
function bestWeightKg(sets: readonly SetValues[]): number | null {
  let best: number | null = null;
  for (const set of sets) {
    if (!isWorkSet(set) || (set.reps ?? 0) < 1 || (set.weightKg ?? 0) <= 0) continue;
    if (best === null || (set.weightKg ?? 0) > best) best = set.weightKg;
  }
  return best;
}

/** The rows of a workout's exercises and sets with their computed figures, and what its records need. */
function contentRows(write: WorkoutWrite, startedAt: string) {
  const sessions: ExerciseSession[] = [];
  const entries: NewEntry[] = [];
  const figuresOf: ExerciseFigures[] = [];
  const exerciseRows = write.workout.exercises.map((entry, position) => {
    const measure = write.exercises.get(entry.exerciseId)?.measure ?? 'weight_reps';
    const sets = entry.sets.map(toSetValues);
    const figures = exerciseFigures(measure, sets);
    figuresOf.push(figures);
    const progress = progressFiguresOf(sets);
    sessions.push({ workoutId: write.id, startedAt, exerciseId: entry.exerciseId, sets });
    entries.push({ workoutId: write.id, exerciseId: entry.exerciseId, startedAt, volumeKg: figures.volumeKg });
    return {
      workout_id: write.id,
      position,
      exercise_id: entry.exerciseId,
      user_id: write.userId,
      started_at: startedAt,
      notes: entry.notes,
      rest_sec: entry.restSec ?? null,
      superset_group: entry.supersetGroup ?? null,
      volume_kg: figures.volumeKg,
      e1rm_kg: figures.e1rmKg,
      best_weight_kg: bestWeightKg(sets),
      most_reps: progress.mostReps,
      longest_hold_sec: progress.longestHoldSec,
      longest_distance_m: progress.longestDistanceM,
      fastest_pace_sec_per_km: progress.fastestPaceSecPerKm,
    };
  });
  const setRows = sessions.flatMap((session, exercisePosition) =>
    session.sets.map((values, position) => ({
      workout_id: write.id,
      exercise_position: exercisePosition,
      position,
      type: values.type,
      reps: values.reps,
      weight_kg: values.weightKg,
      distance_m: values.distanceM,
      duration_sec: values.durationSec,
      rpe: values.rpe,
      done: values.done === false ? 0 : 1,
    })),
  );
  const total = figure(exerciseRows.reduce((sum, row) => sum + row.volume_kg, 0));
  return { startedAt, exerciseRows, setRows, total, sessions, entries, figures: figuresOf };
}

type ContentRows = ReturnType<typeof contentRows>;
type WorkoutRowValues = Insertable<DatabaseSchema['workouts']>;

const insertWorkoutRows = preparedRows(namesOf(workoutColumns), (db, rows: WorkoutRowValues[]) =>
  db.kysely.insertInto('workouts').values(rows),
);
const insertExerciseRows = preparedRows(namesOf(exerciseColumns), (db, rows: ContentRows['exerciseRows']) =>
  db.kysely.insertInto('workout_exercises').values(rows),
);
const insertSetRows = preparedRows(namesOf(setColumns), (db, rows: ContentRows['setRows']) =>
  db.kysely.insertInto('workout_sets').values(rows),
);

/**
 * Writes exercises and sets, many rows a statement: an import's 5,000 sets are ten round trips,
 * not hundreds; a workout's, one each, compiled once per row count (preparedRows).
 */
async function insertContent(db: Db, trx: Transaction<DatabaseSchema>, contents: readonly ContentRows[]) {
  await insertExerciseRows(
    db,
    trx,
    contents.flatMap((c) => c.exerciseRows),
  );
  await insertSetRows(
    db,
    trx,
    contents.flatMap((c) => c.setRows),
  );
}

/**
 * Stores a new workout and the records it (and every later workout) sets, in one transaction, and
 * answers it as GET /api/workouts/{id} would, from what was written rather than read back.
 * `replayedHistory`: it started before a stored session of its exercises, so later workouts'
 * records (and the badges of posts that carry them) may have moved.
 */
export async function insertWorkout(
  db: Db,
  write: WorkoutWrite,
  username: string,
  claim?: ClaimInTransaction,
): Promise<{ workout: Workout; replayedHistory: boolean }> {
  const stored = await insertWorkouts(db, write.userId, [write], claim);
  const [content] = stored.contents;
  const exercises = write.workout.exercises.map((entry, position) => {
    const exercise = write.exercises.get(entry.exerciseId);
    if (!exercise) throw new Error(`exercise ${entry.exerciseId} was written unchecked`);
    return {
      exerciseId: entry.exerciseId,
      name: exercise.name,
      category: exercise.category,
      measure: exercise.measure,
      notes: entry.notes,
      restSec: entry.restSec ?? null,
      supersetGroup: entry.supersetGroup ?? null,
      sets: [...(content?.sessions[position]?.sets ?? [])],
    };
  });
  const workout = workoutAnswer(
    {
      id: write.id,
      username,
      title: write.workout.title,
      startedAt: content?.startedAt ?? '',
      durationSec: write.workout.durationSec ?? null,
      notes: write.workout.notes,
      routineId: write.routineKey ? (write.workout.routineId ?? null) : null,
      totalVolumeKg: content?.total ?? 0,
      createdAt: stored.at,
      updatedAt: stored.at,
    },
    exercises,
    stored.records
      .filter((r) => r.workoutId === write.id)
      .map(({ exerciseId, type, value, weightKg, previous }) => ({ exerciseId, type, value, weightKg, previous })),
    // The figures its exercise rows were written with: the same sets, not computed again.
    content?.figures,
  );
  return { workout, replayedHistory: stored.replayedHistory };
}

/**
 * Stores one person's new workouts (an import) in one transaction, then computes their records
 * once for all of them, rather than once a workout. Round trips: the owner's turn with the stored
 * standings, then on SQLite the workouts, their exercises, their sets, the records (when any) and
 * the standings' upsert, each many rows a statement; on PostgreSQL all of them in one statement
 * (workout-rows-postgres.ts). A back-dated workout then replays the later records from the history.
 */
export async function insertWorkouts(db: Db, userId: Key, writes: readonly WorkoutWrite[], claim?: ClaimInTransaction) {
  const at = nowIso();
  const workouts = writes.map((write) => {
    const startedAt = new Date(write.workout.startedAt).toISOString();
    return { write, startedAt, content: contentRows(write, startedAt) };
  });
  const contents = workouts.map((w) => w.content);
  if (writes.length === 0) return { at, contents, records: [], replayedHistory: false };
  const workoutRows = workouts.map(({ write, startedAt, content }) => ({
    id: write.id,
    user_id: userId,
    title: write.workout.title,
    notes: write.workout.notes,
    started_at: startedAt,
    duration_sec: write.workout.durationSec ?? null,
    routine_id: write.routineKey ?? null,
    total_volume_kg: content.total,
    created_at: at,
    updated_at: at,
  }));
  const sessions = contents.flatMap((c) => c.sessions);
  const entries = contents.flatMap((c) => c.entries);
  const recorded = await db.kysely.transaction().execute(async (trx) => {
    await claim?.(trx);
    const standings = await lockOwnerStandings(
      trx,
      db,
      userId,
      entries.map((e) => e.exerciseId),
    );
    const plan = planNewRecords(sessions, entries, standings);
    if (db.kind === 'postgres') {
      // Every row in one round trip, the records worked out before (workout-rows-postgres.ts).
      await writeWorkoutRowsAtOnce(trx, {
        workouts: workoutRows,
        exercises: contents.flatMap((c) => c.exerciseRows),
        sets: contents.flatMap((c) => c.setRows),
        records: plan.replay ? [] : recordRowsOf(userId, plan.records, sessions),
        standings: plan.replay ? [] : standingRowsOf(userId, plan.standings),
      });
    } else {
      await insertWorkoutRows(db, trx, workoutRows);
      await insertContent(db, trx, contents);
      if (!plan.replay) await writePlannedRecords(trx, db, userId, plan, sessions);
    }
    if (!plan.replay) return { records: plan.records, replayedHistory: false };
    // A back-dated workout: the records from its start on, replayed from the history it is now part of.
    return { records: await recomputeRecords(trx, userId, plan.exerciseIds, plan.from), replayedHistory: true };
  });
  return { at, contents, ...recorded };
}

/** `startedAt (ISO)\u0000title` of a person's workouts started between two instants (both included). */
export async function workoutKeysBetween(db: Db, userId: Key, from: string, to: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('workouts')
    .select(['started_at', 'title'])
    .where('user_id', '=', userId)
    .where('started_at', '>=', from)
    .where('started_at', '<=', to)
    .execute();
  return new Set(rows.map((r) => `${new Date(isoOf(r.started_at)).toISOString()}\u0000${r.title}`));
}

/**
 * Rewrites a workout, then the records of both its old and its new exercises from the earlier of
 * its old and new start on. False when the workout is gone (deleted meanwhile).
 */
export async function replaceWorkout(db: Db, write: WorkoutWrite): Promise<boolean> {
  const startedAt = new Date(write.workout.startedAt).toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    await lockOwner(trx, db.kind, write.userId);
    const old = await trx
      .selectFrom('workouts')
      .select('started_at')
      .where('id', '=', write.id)
      .where('user_id', '=', write.userId)
      .executeTakeFirst();
    if (!old) return false;
    const oldExercises = await trx
      .selectFrom('workout_exercises')
      .select('exercise_id')
      .where('workout_id', '=', write.id)
      .execute();
    await trx.deleteFrom('workout_sets').where('workout_id', '=', write.id).execute();
    await trx.deleteFrom('workout_exercises').where('workout_id', '=', write.id).execute();
    const content = contentRows(write, startedAt);
    await insertContent(db, trx, [content]);
    const total = content.total;
    await trx
      .updateTable('workouts')
      .set({
        title: write.workout.title,
        notes: write.workout.notes,
        started_at: startedAt,
        duration_sec: write.workout.durationSec ?? null,
        routine_id: write.routineKey ?? null,
        total_volume_kg: total,
        updated_at: nowIso(),
      })
      .where('id', '=', write.id)
      .execute();
    const oldStart = isoOf(old.started_at);
    const exerciseIds = [
      ...oldExercises.map((e) => e.exercise_id),
      ...write.workout.exercises.map((e) => e.exerciseId),
    ];
    await recomputeRecords(trx, write.userId, exerciseIds, oldStart < startedAt ? oldStart : startedAt);
    return true;
  });
}

/** Deletes a workout (its exercises, sets and records go with it) and recomputes the later records. */
export async function deleteWorkout(db: Db, id: string, userId: Key): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockOwner(trx, db.kind, userId);
    const old = await trx
      .selectFrom('workouts')
      .select('started_at')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!old) return false;
    const exercises = await trx
      .selectFrom('workout_exercises')
      .select('exercise_id')
      .where('workout_id', '=', id)
      .execute();
    // A post that carried it stays, without it (the foreign key would clear only the id).
    await trx
      .updateTable('posts')
      .set({ workout_id: null, workout_summary: null })
      .where('workout_id', '=', id)
      .execute();
    await trx.deleteFrom('workouts').where('id', '=', id).execute();
    await recomputeRecords(
      trx,
      userId,
      exercises.map((e) => e.exercise_id),
      isoOf(old.started_at),
    );
    return true;
  });
}

/** A stored set's values, as the figures and the answers take them. */
export const setValuesOf = (s: WorkoutSetRow): SetValues => ({
  type: s.type,
  reps: s.reps,
  weightKg: s.weight_kg,
  distanceM: s.distance_m,
  durationSec: s.duration_sec,
  rpe: s.rpe,
  done: Number(s.done) === 1,
});

export const findWorkoutRow = (db: Db, id: string) =>
  db.kysely.selectFrom('workouts').selectAll().where('id', '=', id).executeTakeFirst();

/** Workouts as the API answers them, in the order of `ids` (unknown ids left out). */
export async function workoutsByIds(db: Db, ids: readonly string[]): Promise<Workout[]> {
  if (ids.length === 0) return [];
  const workouts = [];
  const exercises = [];
  const sets = [];
  const records = [];
  for (const part of chunks(ids)) {
    workouts.push(
      ...(await db.kysely
        .selectFrom('workouts')
        .innerJoin('users', 'users.id', 'workouts.user_id')
        .leftJoin('routines', 'routines.id', 'workouts.routine_id')
        .selectAll('workouts')
        .select(['users.username', 'routines.public_id as routine_public_id'])
        .where('workouts.id', 'in', part)
        .execute()),
    );
    exercises.push(
      ...(await db.kysely
        .selectFrom('workout_exercises as we')
        .innerJoin('exercises as e', 'e.id', 'we.exercise_id')
        .select(['we.workout_id', 'we.position', 'we.exercise_id', 'we.notes', 'we.rest_sec', 'we.superset_group'])
        .select(['e.name', 'e.category', 'e.measure'])
        .where('we.workout_id', 'in', part)
        .orderBy('we.workout_id')
        .orderBy('we.position')
        .execute()),
    );
    sets.push(
      ...(await db.kysely
        .selectFrom('workout_sets')
        .selectAll()
        .where('workout_id', 'in', part)
        .orderBy('workout_id')
        .orderBy('exercise_position')
        .orderBy('position')
        .execute()),
    );
    records.push(
      ...(await db.kysely.selectFrom('workout_records').selectAll().where('workout_id', 'in', part).execute()),
    );
  }
  const exercisesOf = groupBy(exercises, (e) => e.workout_id);
  const setsOf = groupBy(sets, (s) => `${s.workout_id}/${s.exercise_position}`);
  const recordsOf = groupBy(records, (r) => r.workout_id);
  const byId = new Map(workouts.map((w) => [w.id, w]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const entries = (exercisesOf.get(id) ?? []).map((entry) => ({
      exerciseId: entry.exercise_id,
      name: entry.name,
      category: entry.category,
      measure: entry.measure,
      notes: entry.notes,
      restSec: entry.rest_sec,
      supersetGroup: entry.superset_group,
      sets: (setsOf.get(`${id}/${entry.position}`) ?? []).map(setValuesOf),
    }));
    const answerRecords = (recordsOf.get(id) ?? []).map((r) => ({
      exerciseId: r.exercise_id,
      type: r.type,
      value: r.value,
      weightKg: r.weight_kg,
      previous: r.previous,
    }));
    return [
      workoutAnswer(
        {
          id: row.id,
          username: row.username,
          title: row.title,
          startedAt: row.started_at,
          durationSec: row.duration_sec,
          notes: row.notes,
          routineId: row.routine_public_id,
          totalVolumeKg: row.total_volume_kg,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        },
        entries,
        answerRecords,
      ),
    ];
  });
}

export interface WorkoutKeyset {
  /** startedAt as `toISOString()` writes it */
  t: string;
  /** workout id */
  i: string;
}

/** One page of a person's workouts, latest start first (id breaking ties), and the key of the next. */
export async function workoutPage(
  db: Db,
  userId: Key,
  limit: number,
  after: WorkoutKeyset | undefined,
): Promise<{ workouts: Workout[]; next: WorkoutKeyset | undefined }> {
  let query = db.kysely
    .selectFrom('workouts')
    .select(['id', 'started_at'])
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('started_at', '<', after.t), eb.and([eb('started_at', '=', after.t), eb('id', '<', after.i)])]),
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    workouts: await workoutsByIds(
      db,
      page.map((r) => r.id),
    ),
    next: rows.length > limit && last ? { t: isoOf(last.started_at), i: last.id } : undefined,
  };
}
