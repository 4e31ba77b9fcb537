import type { Kysely } from 'kysely';

const leading = ['user_id', 'exercise_id', 'started_at', 'workout_id'];

/**
 * A progress chart reads one person's entries of one exercise over a time range and charts their
 * stored figures (modules/training/queries/training-stats.ts, `progressPoints`; decision 040). With those figures in
 * the history index, the read is one range of the index and no table row is looked up per entry.
 * The leading columns are the same, so every other read of the index is served as before.
 */
export function progressCoveringIndex() {
  const rebuild = async (db: Kysely<unknown>, columns: string[]) => {
    await db.schema.dropIndex('workout_exercises_history').execute();
    await db.schema.createIndex('workout_exercises_history').on('workout_exercises').columns(columns).execute();
  };
  return {
    up: (db: Kysely<unknown>) => rebuild(db, [...leading, 'e1rm_kg', 'volume_kg', 'best_weight_kg']),
    down: (db: Kysely<unknown>) => rebuild(db, leading),
  };
}
