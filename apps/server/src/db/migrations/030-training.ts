import { type Kysely, sql } from 'kysely';
import { catalogue, foldName } from '../../modules/training';
import type { DialectKind } from '../database';

/**
 * The training log (issue 15): exercises (the catalogue, loaded here, and custom ones), workouts,
 * their exercises and sets, and the records each workout set. Every table of the training log is
 * defined in this one file.
 *
 * @NOTE People are named by their integer key (migration 006, decision 010). The training tables'
 * own rows are still named by their text id (UUID, or the catalogue's slug); they are to take the
 * integer-key + public_id pattern of architecture.md "New tables".
 */
export function training(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  // PostgreSQL's `real` is 4 bytes (102.058 would come back as 102.05799865722656); SQLite's is 8.
  const decimal = 'double precision';
  // A reference to users.id, an integer key since migration 006 (decision 010).
  const key = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('exercises')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', key, (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('measure', 'text', (c) => c.notNull())
        .addColumn('equipment', 'text', (c) => c.notNull())
        .addColumn('primary_muscles', 'text', (c) => c.notNull())
        .addColumn('secondary_muscles', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .execute();
      // One custom exercise per name and person; search reads the catalogue and one person's list.
      await db.schema
        .createIndex('exercises_owner_name_key')
        .on('exercises')
        .columns(['owner_id', 'name_key'])
        .unique()
        .execute();

      await db.schema
        .createTable('workouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', key, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('started_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('duration_sec', 'integer')
        .addColumn('total_volume_kg', decimal, (c) => c.notNull())
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(ts), (c) => c.notNull())
        .execute();
      // A person's workouts, latest first, id breaking ties: the keyset order of their list.
      await db.schema
        .createIndex('workouts_user_started_at_id')
        .on('workouts')
        .columns(['user_id', 'started_at', 'id'])
        .execute();

      await db.schema
        .createTable('workout_exercises')
        .addColumn('workout_id', 'text', (c) => c.notNull().references('workouts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('exercise_id', 'text', (c) => c.notNull().references('exercises.id'))
        .addColumn('user_id', key, (c) => c.notNull())
        .addColumn('started_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('volume_kg', decimal, (c) => c.notNull())
        .addColumn('e1rm_kg', decimal)
        .addPrimaryKeyConstraint('workout_exercises_pk', ['workout_id', 'position'])
        .execute();
      // One exercise's history for one person, in time order: records replay it, progress charts it.
      await db.schema
        .createIndex('workout_exercises_history')
        .on('workout_exercises')
        .columns(['user_id', 'exercise_id', 'started_at', 'workout_id'])
        .execute();
      await db.schema.createIndex('workout_exercises_exercise').on('workout_exercises').column('exercise_id').execute();

      await db.schema
        .createTable('workout_sets')
        .addColumn('workout_id', 'text', (c) => c.notNull().references('workouts.id').onDelete('cascade'))
        .addColumn('exercise_position', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('reps', 'integer')
        .addColumn('weight_kg', decimal)
        .addColumn('distance_m', decimal)
        .addColumn('duration_sec', 'integer')
        .addColumn('rpe', decimal)
        .addPrimaryKeyConstraint('workout_sets_pk', ['workout_id', 'exercise_position', 'position'])
        .execute();

      await db.schema
        .createTable('workout_records')
        .addColumn('workout_id', 'text', (c) => c.notNull().references('workouts.id').onDelete('cascade'))
        .addColumn('user_id', key, (c) => c.notNull())
        .addColumn('exercise_id', 'text', (c) => c.notNull())
        .addColumn('started_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('value', decimal, (c) => c.notNull())
        .addColumn('weight_kg', decimal)
        .addColumn('previous', decimal, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('workout_records_workout').on('workout_records').column('workout_id').execute();
      // What a change rewrites: one person's records of some exercises from a point in time on.
      await db.schema
        .createIndex('workout_records_history')
        .on('workout_records')
        .columns(['user_id', 'exercise_id', 'started_at'])
        .execute();

      const createdAt = new Date(0).toISOString();
      const rows = catalogue.map((exercise) => ({
        id: exercise.id,
        owner_id: null,
        name: exercise.name,
        name_key: foldName(exercise.name),
        category: exercise.category,
        measure: exercise.measure,
        equipment: exercise.equipment,
        primary_muscles: JSON.stringify(exercise.primaryMuscles),
        secondary_muscles: JSON.stringify(exercise.secondaryMuscles),
        created_at: createdAt,
      }));
      for (let i = 0; i < rows.length; i += 50) {
        await db
          .insertInto('exercises' as never)
          .values(rows.slice(i, i + 50) as never)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['workout_records', 'workout_sets', 'workout_exercises', 'workouts', 'exercises']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
