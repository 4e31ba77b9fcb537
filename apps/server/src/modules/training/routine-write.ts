import type { Routine } from '@spotter/contract';
import type { RoutineInput } from '@spotter/contract/schemas';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import type { Key } from '../../db/schema/keys';
import type { RoutineRow } from '../../db/schema/routines';
import { HttpError } from '../../errors';
import { exercisesVisibleTo } from './queries/exercises';
import { lastSessions } from './queries/last-sessions';
import { routinesOf } from './queries/routines';
import { parseStoredExercises, routineAnswer, type StoredRoutineExercise, storedExercises } from './routine-answer';
import { routineProblems } from './routine-input';

/**
 * Characters of routine text whose parse is kept: 8 million, about 2,500 routines of 8 exercises
 * (3 kB each), and at most about 30 MB with the parsed objects.
 */
const keptRoutineText = 8_000_000;

/** The routines' parsed exercises, each with the stored text it was parsed from. */
const parsedRoutines = perDatabase(
  () =>
    new LRUCache<Key, { text: string; exercises: StoredRoutineExercise[] }>({
      maxSize: keptRoutineText,
      sizeCalculation: (kept) => Math.max(1, kept.text.length),
    }),
);

/**
 * A routine row's exercises, parsed once per text: a person's routines are read far more often than
 * they change, and parsing their JSON was a sixth of a routine list's CPU. The kept parse is used only
 * while the row's text is the one it was parsed from (an edit from any server changes it), and its
 * objects are shared by the answers, which never change them.
 */
function keptExercisesOf(db: Db, row: RoutineRow): StoredRoutineExercise[] {
  const cache = parsedRoutines(db);
  const kept = cache.get(row.id);
  if (kept?.text === row.exercises) return kept.exercises;
  const exercises = parseStoredExercises(row);
  cache.set(row.id, { text: row.exercises, exercises });
  return exercises;
}

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
  const stored = rows.map((row) => keptExercisesOf(db, row));
  const ids = stored.flatMap((list) => list.map((e) => e.exerciseId));
  const exercises = await exercisesVisibleTo(db, ownerId, ids);
  const last = withLast ? await lastSessions(db, ownerId, ids) : undefined;
  return rows.map((row, i) => routineAnswer(row, exercises, last, stored[i]));
}

/** Every routine of a person as the API answers them (their account export). */
export async function routinesOfOwner(db: Db, ownerId: Key): Promise<Routine[]> {
  return routineAnswers(db, ownerId, await routinesOf(db, ownerId));
}
