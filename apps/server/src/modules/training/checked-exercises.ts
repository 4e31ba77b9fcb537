import { trainingErrors } from '@spotter/contract';
import type { WorkoutInput } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import { HttpError } from '../../errors';
import { exercisesVisibleTo } from './queries/exercises';
import { ownRoutine } from './queries/routines';
import { workoutProblems } from './workout-input';

/**
 * The exercises a workout being written names, as its owner may use them; a 400 listing every
 * problem (unknown exercise, a set without what its measure records) when there is one.
 */
export async function checkedExercises(db: Db, ownerId: Key, workout: WorkoutInput) {
  const exercises = await exercisesVisibleTo(
    db,
    ownerId,
    workout.exercises.map((e) => e.exerciseId),
  );
  const problems = workoutProblems(workout, exercises);
  if (problems.length > 0) throw new HttpError(400, problems);
  return exercises;
}

/**
 * The key of the routine a workout being written names, when it names one; a 400 when that is not
 * one of its owner's routines (another's is as unknown as one that never was).
 */
export async function checkedRoutineKey(db: Db, ownerId: Key, workout: WorkoutInput): Promise<Key | null> {
  if (!workout.routineId) return null;
  const routine = await ownRoutine(db, ownerId, workout.routineId);
  if (!routine) throw new HttpError(400, [`workout.routineId: ${trainingErrors.notYourRoutine}`]);
  return routine.id;
}
