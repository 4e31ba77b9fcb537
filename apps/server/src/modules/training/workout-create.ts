import type { Workout } from '@spotter/contract';
import type { WorkoutInput } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { ClaimInTransaction } from '../../db/idempotency-keys';
import type { Key } from '../../db/schema/keys';
import { checkedExercises, checkedRoutineKey } from './checked-exercises';
import { refreshPostSummaries } from './queries/post-workouts';
import { insertWorkout } from './queries/workouts';
import { newWorkoutId } from './workout-id';

/**
 * What POST /api/workouts does (the bench's training-cost.ts runs it too): check the exercises,
 * store the workout with its records, and answer it from what was written. The badges of posts
 * that carry later workouts are refreshed only when this one was logged before some of them: a
 * workout logged after the history (the common case) cannot move a later record.
 */
export async function storeNewWorkout(
  db: Db,
  owner: { id: Key; username: string },
  workout: WorkoutInput,
  options: { id?: string; claim?: ClaimInTransaction } = {},
): Promise<Workout> {
  const exercises = await checkedExercises(db, owner.id, workout);
  const routineKey = await checkedRoutineKey(db, owner.id, workout);
  const stored = await insertWorkout(
    db,
    { id: options.id ?? newWorkoutId(), userId: owner.id, workout, exercises, routineKey },
    owner.username,
    options.claim,
  );
  if (stored.replayedHistory) await refreshPostSummaries(db, owner.id, new Date(workout.startedAt).toISOString());
  return stored.workout;
}
