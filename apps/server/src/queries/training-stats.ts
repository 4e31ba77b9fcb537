import { defaultTrainingSettings, type ExerciseRecords, type TrainingSettings } from '@spotter/contract';
import type { Db } from '../db/database';
import type { Key } from '../db/schema/keys';
import { toApiTimestamp } from '../db/time';
import { figure } from '../training/set-metrics';
import { weeklyStreak, workoutsThisWeek } from '../training/streak';
import { chunks } from './chunks';
import { isoOf, setBestColumns } from './workout-records';

export async function trainingSettingsOf(db: Db, userId: Key): Promise<TrainingSettings> {
  const row = await db.kysely
    .selectFrom('training_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...defaultTrainingSettings };
  return { units: row.units, timeZone: row.time_zone, showRecords: row.show_records === 1 };
}

export async function saveTrainingSettings(db: Db, userId: Key, settings: TrainingSettings): Promise<void> {
  const values = {
    units: settings.units,
    time_zone: settings.timeZone,
    show_records: settings.showRecords ? 1 : 0,
  };
  await db.kysely
    .insertInto('training_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

const nullableFigure = (value: number | string | null) => (value === null ? null : figure(Number(value)));

/**
 * A person's current bests per exercise, by the record rules (training/records.ts): warm-ups and sets
 * of 0 reps or 0 m left out. Two grouped reads over the person's history index.
 */
export async function currentRecords(db: Db, userId: Key): Promise<ExerciseRecords[]> {
  const sessions = await db.kysely
    .selectFrom('workout_exercises as we')
    .innerJoin('exercises as e', 'e.id', 'we.exercise_id')
    .select(['we.exercise_id', 'e.name', 'e.measure'])
    .select((eb) => [
      eb.fn.max('we.e1rm_kg').as('best_e1rm'),
      eb.fn.max('we.volume_kg').as('best_volume'),
      eb.fn.countAll<number>().as('sessions'),
      eb.fn.max('we.started_at').as('last_at'),
    ])
    .where('we.user_id', '=', userId)
    .groupBy(['we.exercise_id', 'e.name', 'e.measure'])
    .orderBy('e.name')
    .execute();
  const sets = await db.kysely
    .selectFrom('workout_exercises as we')
    .innerJoin('workout_sets as s', (join) =>
      join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
    )
    .select('we.exercise_id')
    .select(setBestColumns())
    .where('we.user_id', '=', userId)
    .where('s.type', '<>', 'warmup')
    .groupBy('we.exercise_id')
    .execute();
  const bySet = new Map(sets.map((s) => [s.exercise_id, s]));
  return sessions.map((row) => {
    const best = bySet.get(row.exercise_id);
    const volume = nullableFigure(row.best_volume);
    return {
      exerciseId: row.exercise_id,
      name: row.name,
      measure: row.measure,
      heaviestWeightKg: nullableFigure(best?.heaviest ?? null),
      bestE1rmKg: nullableFigure(row.best_e1rm),
      bestVolumeKg: volume === 0 ? null : volume,
      longestDistanceM: nullableFigure(best?.longest ?? null),
      fastestPaceSecPerKm: nullableFigure(best?.fastest ?? null),
      sessions: Number(row.sessions),
      lastPerformedAt: toApiTimestamp(row.last_at as Date | string),
    };
  });
}

/** One point per workout that had the exercise, oldest first, within [from, to]. */
export async function progressPoints(
  db: Db,
  userId: Key,
  exerciseId: string,
  range: { from?: string; to?: string; limit: number },
) {
  let query = db.kysely
    .selectFrom('workout_exercises as we')
    .select(['we.workout_id', 'we.started_at'])
    .select((eb) => [eb.fn.max('we.e1rm_kg').as('e1rm'), eb.fn.sum<number>('we.volume_kg').as('volume')])
    .where('we.user_id', '=', userId)
    .where('we.exercise_id', '=', exerciseId)
    .groupBy(['we.workout_id', 'we.started_at'])
    .orderBy('we.started_at')
    .orderBy('we.workout_id')
    .limit(range.limit);
  if (range.from) query = query.where('we.started_at', '>=', new Date(range.from).toISOString());
  if (range.to) query = query.where('we.started_at', '<=', new Date(range.to).toISOString());
  const rows = await query.execute();
  const heaviest = new Map<string, number | null>();
  for (const part of chunks(rows.map((r) => r.workout_id))) {
    const sets = await db.kysely
      .selectFrom('workout_exercises as we')
      .innerJoin('workout_sets as s', (join) =>
        join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
      )
      .select('we.workout_id')
      .select((eb) => eb.fn.max('s.weight_kg').as('heaviest'))
      .where('we.workout_id', 'in', part)
      .where('we.exercise_id', '=', exerciseId)
      .where('s.type', '<>', 'warmup')
      .where('s.reps', '>=', 1)
      .groupBy('we.workout_id')
      .execute();
    for (const set of sets) heaviest.set(set.workout_id, set.heaviest);
  }
  return rows.map((row) => ({
    date: toApiTimestamp(row.started_at),
    e1rmKg: nullableFigure(row.e1rm),
    bestWeightKg: nullableFigure(heaviest.get(row.workout_id) || null),
    // An exercise logged twice in a workout has two rows: the volume of the session is their sum.
    volumeKg: figure(Number(row.volume ?? 0)),
  }));
}

export async function workoutStats(db: Db, userId: Key, timeZone: string, now: Date) {
  const totals = await db.kysely
    .selectFrom('workouts')
    .select((eb) => [eb.fn.countAll<number>().as('workouts'), eb.fn.sum<number>('total_volume_kg').as('volume')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // Every start, down the (user_id, started_at) index: two years at four a week is about 400 rows.
  const rows = await db.kysely.selectFrom('workouts').select('started_at').where('user_id', '=', userId).execute();
  const starts = rows.map((r) => isoOf(r.started_at));
  return {
    workoutsThisWeek: workoutsThisWeek(starts, now, timeZone),
    weeklyStreak: weeklyStreak(starts, now, timeZone),
    totalVolumeKg: figure(Number(totals.volume ?? 0)),
    workouts: Number(totals.workouts),
  };
}
