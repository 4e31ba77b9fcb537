import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

const leading = ['user_id', 'exercise_id', 'started_at', 'workout_id'];
const figures = [
  'e1rm_kg',
  'volume_kg',
  'best_weight_kg',
  'most_reps',
  'longest_hold_sec',
  'longest_distance_m',
  'fastest_pace_sec_per_km',
];

const rebuild = async (db: Kysely<unknown>, columns: string[]) => {
  await db.schema.dropIndex('workout_exercises_history').execute();
  await db.schema.createIndex('workout_exercises_history').on('workout_exercises').columns(columns).execute();
};

/**
 * Each entry's position in its workout carried in the history index too (SQLite), descending after
 * the workout: previous numbers (modules/training/queries/last-sessions.ts) read an exercise's latest
 * entry from the index, then looked its position up among that workout's entries by the table's key,
 * a row each. Read backwards, the index now gives the latest workout's entries of the exercise
 * lowest position first (an exercise logged twice answers its first entry), in one seek with no row
 * and no sort (decision 116). The leading columns are the same, so every other read of the index is
 * served as before. PostgreSQL reads previous numbers joined in one statement, the position coming
 * with the join, so it is SQLite's alone.
 */
export function historyEntryPosition(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') await rebuild(db, [...leading, 'position desc', ...figures]);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'sqlite') await rebuild(db, [...leading, ...figures]);
    },
  };
}
