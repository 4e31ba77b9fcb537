import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema/keys';
import { postVisibleTo } from '../../safety';
import { federatedWorkoutOf } from '../federated-workout';
import { trainingSettingsOf } from './training-stats';
import { workoutsByIds } from './workouts';

/**
 * The workout columns of one post the viewer may see (the visibility rule every post read uses): a
 * local workout's id, or a remote post's workout as JSON (migration 132).
 */
export const visiblePostWorkout = (db: Db, publicId: string, viewerId: Key) =>
  db.kysely
    .selectFrom('posts')
    .select(['workout_id', 'workout_data'])
    .where('public_id', '=', publicId)
    .where(postVisibleTo(viewerId))
    .executeTakeFirst();

/** A local post's workout as it leaves the server: its sets, and its records if its author shows them. */
export async function federatedWorkoutOfLocal(db: Db, workoutId: string) {
  const [workout] = await workoutsByIds(db, [workoutId]);
  const owner = workout
    ? await db.kysely.selectFrom('workouts').select('user_id').where('id', '=', workoutId).executeTakeFirst()
    : undefined;
  if (!workout || !owner) return undefined;
  const { showRecords } = await trainingSettingsOf(db, owner.user_id);
  return federatedWorkoutOf(workout, showRecords);
}
