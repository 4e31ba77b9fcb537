import { trainingErrors } from '@spotter/contract';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema/keys';
import { HttpError } from '../../../errors';
import { workoutSummary } from '../workout-summary';
import { trainingSettingsOf } from './training-stats';
import { workoutsByIds } from './workouts';

/**
 * The workout columns of a post being written with `postData.workoutId`: one of its author's own
 * workouts (400 when there is no such workout, 403 when it is someone else's), or none (null).
 */
export async function postWorkoutColumns(db: Db, authorId: Key, workoutId: string | null) {
  if (workoutId === null) return { id: null, summary: null };
  const [workout] = await workoutsByIds(db, [workoutId]);
  const owner = workout
    ? await db.kysely.selectFrom('workouts').select('user_id').where('id', '=', workoutId).executeTakeFirst()
    : undefined;
  if (!workout || !owner) throw new HttpError(400, [`postData.workoutId: ${trainingErrors.workoutNotFound}`]);
  if (owner.user_id !== authorId) throw new HttpError(403, [`postData.workoutId: ${trainingErrors.notYourWorkout}`]);
  const { showRecords } = await trainingSettingsOf(db, authorId);
  return { id: workout._id, summary: JSON.stringify(workoutSummary(workout, showRecords)) };
}

/**
 * Rewrites the card summaries of the posts that carry a person's workouts started at or after
 * `from` (all of them without it): a changed workout, and the later ones whose records it changed;
 * all of them when the person shows or hides their records (their settings are read here, last).
 */
export async function refreshPostSummaries(db: Db, userId: Key, from?: string): Promise<void> {
  const rows = await db.kysely
    .selectFrom('posts')
    .innerJoin('workouts', 'workouts.id', 'posts.workout_id')
    .select(['posts.id', 'posts.workout_id'])
    .where('workouts.user_id', '=', userId)
    .$if(from !== undefined, (q) => q.where('workouts.started_at', '>=', from ?? ''))
    .execute();
  if (rows.length === 0) return;
  const { showRecords } = await trainingSettingsOf(db, userId);
  for (const part of chunks(rows, 100)) {
    const workouts = new Map(
      (await workoutsByIds(db, [...new Set(part.map((r) => r.workout_id ?? ''))])).map((w) => [w._id, w]),
    );
    for (const row of part) {
      const workout = workouts.get(row.workout_id ?? '');
      await db.kysely
        .updateTable('posts')
        .set({ workout_summary: workout ? JSON.stringify(workoutSummary(workout, showRecords)) : null })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
