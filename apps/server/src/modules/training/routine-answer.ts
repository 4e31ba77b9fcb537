import type { LastSession, Routine, RoutineSet } from '@spotter/contract';
import type { RoutineInput } from '@spotter/contract/schemas';
import type { ExerciseRow } from '../../db/schema/exercises';
import type { RoutineRow } from '../../db/schema/routines';
import { toApiTimestamp } from '../../db/time';

/** One exercise of a routine as stored in `routines.exercises` (JSON, decision 074). */
export interface StoredRoutineExercise {
  exerciseId: string;
  notes: string;
  restSec: number | null;
  supersetGroup: number | null;
  sets: RoutineSet[];
}

/** A routine's exercises as stored: every field named, absent values null. */
export const storedExercises = (input: RoutineInput): StoredRoutineExercise[] =>
  input.exercises.map((e) => ({
    exerciseId: e.exerciseId,
    notes: e.notes,
    restSec: e.restSec ?? null,
    supersetGroup: e.supersetGroup ?? null,
    sets: e.sets.map((s) => ({
      type: s.type,
      reps: s.reps ?? null,
      weightKg: s.weightKg ?? null,
      distanceM: s.distanceM ?? null,
      durationSec: s.durationSec ?? null,
    })),
  }));

export const parseStoredExercises = (row: Pick<RoutineRow, 'exercises'>) =>
  JSON.parse(row.exercises) as StoredRoutineExercise[];

/**
 * A routine as the API answers it: each exercise with its name and measure, and, when `last` is
 * given (`?with=last`), the owner's latest session of it (null when never done). An exercise that
 * is no longer visible to the owner is left out rather than answered without a name. `stored` is
 * the row's exercises when the caller has parsed them already. Each exercise is built property by
 * property in the stored order (the order routine-serializer.ts writes): spreading the parsed
 * object cost more than parsing and writing the answer together (performance-log.md, "Issue 46:
 * routines and creating a workout").
 */
export function routineAnswer(
  row: RoutineRow,
  exercises: ReadonlyMap<string, ExerciseRow>,
  last?: ReadonlyMap<string, NonNullable<LastSession>>,
  stored: StoredRoutineExercise[] = parseStoredExercises(row),
): Routine {
  const answered: Routine['exercises'] = [];
  for (const e of stored) {
    const exercise = exercises.get(e.exerciseId);
    if (!exercise) continue;
    const entry: Routine['exercises'][number] = {
      exerciseId: e.exerciseId,
      notes: e.notes,
      restSec: e.restSec,
      supersetGroup: e.supersetGroup,
      sets: e.sets,
      name: exercise.name,
      category: exercise.category,
      measure: exercise.measure,
    };
    if (last) entry.last = last.get(e.exerciseId) ?? null;
    answered.push(entry);
  }
  return {
    _id: row.public_id,
    title: row.title,
    notes: row.notes,
    exercises: answered,
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
  };
}
