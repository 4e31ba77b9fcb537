import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Key } from '../db/schema/keys';
import { type ExerciseSession, replayRecords } from '../training/records';
import type { SetValues } from '../training/set-metrics';
import { chunks } from './chunks';

/** A stored timestamp as `toISOString()` writes it (PostgreSQL answers a Date, SQLite our text). */
export const isoOf = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

/**
 * Rewrites a person's records of some exercises for the workouts started at or after `from`, by
 * replaying those exercises' history (training/records.ts). Runs inside the transaction that changed
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
    const records = replayRecords(sessions).records.filter((r) => (startedAt.get(r.workoutId) ?? '') >= from);

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
