import type { Routine } from '@spotter/contract';
import type { RoutineInput } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema/keys';
import type { RoutineRow } from '../../db/schema/routines';
import { HttpError } from '../../errors';
import { exercisesVisibleTo } from './queries/exercises';
import { lastSessions } from './queries/last-sessions';
import { routinesOf } from './queries/routines';
import { parseStoredExercises, routineAnswer, storedExercises } from './routine-answer';
import { routineProblems } from './routine-input';

/** A routine being written, checked (its exercises the owner's to use, its sets fit their measures) and ready to store. */
export async function checkedRoutine(db: Db, ownerId: Key, routine: RoutineInput) {
  const exercises = await exercisesVisibleTo(
    db,
    ownerId,
    routine.exercises.map((e) => e.exerciseId),
  );
  const problems = routineProblems(routine, exercises);
  if (problems.length > 0) throw new HttpError(400, problems);
  return { values: { title: routine.title, notes: routine.notes, exercises: storedExercises(routine) }, exercises };
}

/**
 * Routines as answered, their exercises' names read in one statement for all of them; with
 * `withLast`, each exercise with the owner's latest session of it (two more statements).
 */
export async function routineAnswers(
  db: Db,
  ownerId: Key,
  rows: readonly RoutineRow[],
  withLast = false,
): Promise<Routine[]> {
  // Parsed once: the stored JSON was read twice, for the ids and for the answer (decision 105).
  const stored = rows.map(parseStoredExercises);
  const ids = stored.flatMap((list) => list.map((e) => e.exerciseId));
  const exercises = await exercisesVisibleTo(db, ownerId, ids);
  const last = withLast ? await lastSessions(db, ownerId, ids) : undefined;
  return rows.map((row, i) => routineAnswer(row, exercises, last, stored[i]));
}

/** Every routine of a person as the API answers them (their account export). */
export async function routinesOfOwner(db: Db, ownerId: Key): Promise<Routine[]> {
  return routineAnswers(db, ownerId, await routinesOf(db, ownerId));
}
