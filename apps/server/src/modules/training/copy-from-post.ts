import crypto from 'node:crypto';
import { type ExerciseCategory, type ExerciseMeasure, trainingErrors, trainingLimits } from '@spotter/contract';
import type { FederatedWorkout } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema/keys';
import { notFound } from '../../errors';
import { federatedWorkoutOf, parseFederatedWorkout } from './federated-workout';
import { foldName } from './fold-name';
import { exercisesByNameKeys, exercisesVisibleTo, insertCustomExercise } from './queries/exercises';
import { visiblePostWorkout } from './queries/post-workout-data';
import { workoutsByIds } from './queries/workouts';

/**
 * The workout a post carries, as the caller may copy it: a local post's from the training log (its
 * sets, without the records, which are its author's), a remote one's as its Note brought it. 404 for a
 * post the caller may not see, and for one that carries no workout.
 */
export async function workoutOfVisiblePost(db: Db, publicId: string, viewerId: Key): Promise<FederatedWorkout> {
  const row = await visiblePostWorkout(db, publicId, viewerId);
  const [local] = row?.workout_id ? await workoutsByIds(db, [row.workout_id]) : [];
  const data = local
    ? federatedWorkoutOf(local, false)
    : row?.workout_data
      ? parseFederatedWorkout(JSON.parse(row.workout_data))
      : undefined;
  if (!data) throw notFound(trainingErrors.noWorkoutOnPost);
  return data;
}

const categoryOf: Record<ExerciseMeasure, ExerciseCategory> = {
  weight_reps: 'strength',
  reps: 'bodyweight',
  duration: 'mobility',
  distance_duration: 'cardio',
};

/**
 * The caller's exercise for each of a copied workout's, in order: the catalogue's by its key (the same
 * on every Spotter), else their own or the catalogue's of that (folded) name, else a new exercise of
 * their own under that name, as the Strong import makes one for a name it does not know.
 */
export async function exercisesForCopy(db: Db, userId: Key, data: FederatedWorkout): Promise<string[]> {
  const byId = await exercisesVisibleTo(
    db,
    userId,
    data.exercises.flatMap((e) => (e.key ? [e.key] : [])),
  );
  const byName = new Map<string, string>();
  // The person's own come second, so they win over the catalogue's of the same name.
  for (const row of await exercisesByNameKeys(
    db,
    userId,
    data.exercises.map((e) => foldName(e.name)),
  ))
    byName.set(row.name_key, row.id);
  const ids: string[] = [];
  for (const exercise of data.exercises) {
    const key = foldName(exercise.name);
    const known = (exercise.key ? byId.get(exercise.key)?.id : undefined) ?? byName.get(key);
    if (known) {
      ids.push(known);
      continue;
    }
    const name = exercise.name.slice(0, trainingLimits.exerciseNameMaxLength).trim();
    const made = await insertCustomExercise(db, userId, crypto.randomUUID(), {
      name,
      category: categoryOf[exercise.measure],
      measure: exercise.measure,
      equipment: 'other',
      primaryMuscles: [],
      secondaryMuscles: [],
    });
    // Made meanwhile by another request of theirs under the same name: that one.
    const id = made?._id ?? (await exercisesByNameKeys(db, userId, [key])).find((r) => r.owner_id === userId)?.id;
    if (!id) throw notFound(trainingErrors.exerciseNotFound);
    byName.set(key, id);
    ids.push(id);
  }
  return ids;
}
