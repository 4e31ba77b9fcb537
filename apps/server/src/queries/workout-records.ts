import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Key } from '../db/schema/keys';
import { type Bests, type ExerciseSession, replayRecords } from '../training/records';
import type { SetValues } from '../training/set-metrics';
import { figure } from '../training/set-metrics';
import { roundTo } from '../training/units';
import { chunks } from './chunks';

/** A stored timestamp as `toISOString()` writes it (PostgreSQL answers a Date, SQLite our text). */
export const isoOf = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

type Executor = Transaction<DatabaseSchema>;

/**
 * The set-level bests of grouped `workout_sets as s` rows by the record rules: heaviest weight
 * lifted for at least one rep, longest distance, fastest pace (seconds per km).
 */
export const setBestColumns = () => [
  sql<number | null>`max(case when s.reps >= 1 and s.weight_kg > 0 then s.weight_kg end)`.as('heaviest'),
  sql<number | null>`max(case when s.distance_m > 0 then s.distance_m end)`.as('longest'),
  sql<
    number | null
  >`min(case when s.distance_m > 0 and s.duration_sec > 0 then s.duration_sec * 1000.0 / s.distance_m end)`.as(
    'fastest',
  ),
];

/**
 * The bests of a person's sessions of these exercises started before `from`, by the rules of
 * training/records.ts, aggregated by the database: a write then replays only the sessions from its
 * own start on, not years of history.
 */
async function bestsBefore(trx: Executor, userId: Key, exerciseIds: string[], from: string) {
  const bests = new Map<string, Bests>();
  const of = (exerciseId: string) => {
    let found = bests.get(exerciseId);
    if (!found) {
      found = { scalar: {}, repsAtWeight: new Map() };
      bests.set(exerciseId, found);
    }
    return found;
  };
  const earlier = () =>
    trx
      .selectFrom('workout_exercises as we')
      .innerJoin('workout_sets as s', (join) =>
        join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
      )
      .where('we.user_id', '=', userId)
      .where('we.exercise_id', 'in', exerciseIds)
      .where('we.started_at', '<', from)
      .where('s.type', '<>', 'warmup');
  const scalars = await earlier().select('we.exercise_id').select(setBestColumns()).groupBy('we.exercise_id').execute();
  for (const row of scalars) {
    const scalar = of(row.exercise_id).scalar;
    if (row.heaviest !== null) scalar.heaviestWeight = figure(Number(row.heaviest));
    if (row.longest !== null) scalar.longestDistance = figure(Number(row.longest));
    if (row.fastest !== null) scalar.fastestPace = figure(Number(row.fastest));
  }
  const reps = await earlier()
    .select('we.exercise_id')
    .select(sql<number>`coalesce(s.weight_kg, 0)`.as('weight'))
    .select((eb) => eb.fn.max('s.reps').as('reps'))
    .where('s.reps', '>=', 1)
    .groupBy(['we.exercise_id', sql`coalesce(s.weight_kg, 0)`])
    .execute();
  for (const row of reps) {
    const map = of(row.exercise_id).repsAtWeight;
    const key = roundTo(Number(row.weight), 3);
    map.set(key, Math.max(Number(row.reps), map.get(key) ?? 0));
  }
  // Session figures: an exercise logged twice in a workout is one session, its volumes added.
  const sessions = await trx
    .selectFrom('workout_exercises')
    .select(['exercise_id', 'workout_id'])
    .select((eb) => [eb.fn.max('e1rm_kg').as('e1rm'), eb.fn.sum<number>('volume_kg').as('volume')])
    .where('user_id', '=', userId)
    .where('exercise_id', 'in', exerciseIds)
    .where('started_at', '<', from)
    .groupBy(['exercise_id', 'workout_id'])
    .execute();
  for (const row of sessions) {
    const scalar = of(row.exercise_id).scalar;
    if (row.e1rm !== null) scalar.bestE1rm = Math.max(figure(Number(row.e1rm)), scalar.bestE1rm ?? 0);
    const volume = figure(Number(row.volume ?? 0));
    if (volume > 0) scalar.bestVolume = Math.max(volume, scalar.bestVolume ?? 0);
  }
  return bests;
}

/**
 * Rewrites a person's records of some exercises for the workouts started at or after `from`, by
 * replaying those sessions (training/records.ts) from the bests of the earlier ones. Runs inside the transaction that changed
 * a workout, so the records never disagree with the workouts they are computed from.
 */
export async function recomputeRecords(
  trx: Transaction<DatabaseSchema>,
  userId: Key,
  exerciseIds: readonly string[],
  from: string,
): Promise<void> {
  for (const part of chunks([...new Set(exerciseIds)])) {
    const rows = await trx
      .selectFrom('workout_exercises as we')
      .innerJoin('workout_sets as s', (join) =>
        join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
      )
      .select(['we.workout_id', 'we.exercise_id', 'we.started_at', 'we.position'])
      .select(['s.type', 's.reps', 's.weight_kg', 's.distance_m', 's.duration_sec', 's.rpe'])
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
      });
    }
    const startedAt = new Map(sessions.map((s) => [s.workoutId, s.startedAt]));
    const { records } = replayRecords(sessions, await bestsBefore(trx, userId, part, from));

    await trx
      .deleteFrom('workout_records')
      .where('user_id', '=', userId)
      .where('exercise_id', 'in', part)
      .where('started_at', '>=', from)
      .execute();
    for (const batch of chunks(records, 100)) {
      await trx
        .insertInto('workout_records')
        .values(
          batch.map((r) => ({
            workout_id: r.workoutId,
            user_id: userId,
            exercise_id: r.exerciseId,
            started_at: startedAt.get(r.workoutId) ?? from,
            type: r.type,
            value: r.value,
            weight_kg: r.weightKg,
            previous: r.previous,
          })),
        )
        .execute();
    }
  }
}
