import crypto from 'node:crypto';
import { measureFields, trainingErrors, trainingLimits, type WeightUnit } from '@spotter/contract';
import { describeIssues, type ImportResult, workoutInputSchema } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { ExerciseRow } from '../../db/schema/exercises';
import type { Key } from '../../db/schema/keys';
import { HttpError } from '../../errors';
import { type ImportedExercise, type ImportedSet, ImportProblem, readWorkoutsCsv } from './csv-import';
import { guessMeasure } from './csv-layouts';
import { foldName } from './fold-name';
import { catalogueIdOfImportedName } from './import-names';
import { exercisesByNameKeys, exercisesVisibleTo, insertCustomExercise } from './queries/exercises';
import { refreshPostSummaries } from './queries/post-workouts';
import { trainingSettingsOf } from './queries/training-stats';
import { insertWorkouts, type WorkoutWrite, workoutKeysBetween } from './queries/workouts';

/** Strong names equipment after the lift ("Bench Press (Barbell)"); the catalogue before it. */
function nameKeys(name: string): string[] {
  const keys = [foldName(name)];
  const match = /^(.*?)\s*\(([^)]+)\)\s*$/.exec(name);
  if (match) keys.push(foldName(`${match[2]} ${match[1]}`), foldName(match[1] ?? ''));
  return keys.filter((k) => k !== '');
}

/**
 * The exercise each imported entry is logged as, by `id` (Spotter's own files) or by name: the
 * person's own exercise of that (folded) name first, then the catalogue exercise Strong's or Hevy's
 * name stands for (import-names.ts), then the catalogue's or their own by folded name; a name found
 * nowhere becomes a custom exercise.
 */
async function resolveExercises(db: Db, userId: Key, entries: readonly ImportedExercise[]) {
  const byId = await exercisesVisibleTo(db, userId, [
    ...entries.flatMap((e) => (e.exerciseId ? [e.exerciseId] : [])),
    ...entries.flatMap((e) => catalogueIdOfImportedName(e.name) ?? []),
  ]);
  const rows = await exercisesByNameKeys(
    db,
    userId,
    entries.flatMap((e) => nameKeys(e.name)),
  );
  const byKey = new Map<string, ExerciseRow>();
  const ownByKey = new Map<string, ExerciseRow>();
  // The person's own come second in `rows`, so they win over the catalogue's of the same name.
  for (const row of rows) {
    byKey.set(row.name_key, row);
    if (row.owner_id !== null) ownByKey.set(row.name_key, row);
  }

  const resolved = new Map<ImportedExercise, ExerciseRow>();
  const created = new Map<string, ExerciseRow>();
  let createdCount = 0;
  for (const entry of entries) {
    const mapped = catalogueIdOfImportedName(entry.name);
    const known =
      (entry.exerciseId ? byId.get(entry.exerciseId) : undefined) ??
      ownByKey.get(foldName(entry.name)) ??
      (mapped ? byId.get(mapped) : undefined) ??
      nameKeys(entry.name)
        .map((k) => byKey.get(k) ?? created.get(k))
        .find((row) => row !== undefined);
    if (known) {
      resolved.set(entry, known);
      continue;
    }
    const name = entry.name.slice(0, trainingLimits.exerciseNameMaxLength).trim();
    const key = foldName(name);
    if (key === '') continue;
    const guess = guessMeasure(entries.filter((e) => foldName(e.name) === key).flatMap((e) => e.sets));
    const measure = entry.measure ?? guess.measure;
    const category = entry.category ?? guess.category;
    const id = crypto.randomUUID();
    const exercise = { name, category, measure, equipment: 'other' as const, primaryMuscles: [], secondaryMuscles: [] };
    const inserted = await insertCustomExercise(db, userId, id, exercise);
    // undefined: made meanwhile by another request of the same person; read it back.
    const row = inserted
      ? (await exercisesVisibleTo(db, userId, [id])).get(id)
      : (await exercisesByNameKeys(db, userId, [key])).find((r) => r.owner_id !== null);
    if (!row) continue;
    if (inserted) createdCount += 1;
    created.set(key, row);
    resolved.set(entry, row);
  }
  return { resolved, created: createdCount };
}

/** A set as its exercise's measure records it: the fields it does not record dropped; none without the one it needs. */
function setFor(row: ExerciseRow, set: ImportedSet) {
  const { required, allowed } = measureFields[row.measure];
  if (set[required] === null) return undefined;
  const keep = (field: (typeof allowed)[number]) => (allowed.includes(field) ? set[field] : null);
  // A timed or distance set's load is extra (a Zercher carry's 40 kg): Strong's 0 there is none.
  const load = keep('weightKg');
  return {
    type: set.type,
    reps: keep('reps'),
    weightKg: required !== 'reps' && load === 0 ? null : load,
    distanceM: keep('distanceM'),
    durationSec: keep('durationSec'),
    rpe: importedRpe(set.rpe),
    done: set.done !== false,
  };
}

/**
 * An RPE as Spotter keeps it (6 to 10 in halves): a file's 8.3 is 8.5, its 4 or 12 (no app writes
 * those; a hand-edited file might) is left out rather than failing the whole import.
 */
function importedRpe(rpe: number | null): number | null {
  if (rpe === null) return null;
  const half = Math.round(rpe / trainingLimits.rpeStep) * trainingLimits.rpeStep;
  return half >= trainingLimits.minRpe && half <= trainingLimits.maxRpe ? half : null;
}

/**
 * POST /api/workouts/import: reads the file, logs its workouts as the person's (none posted), and
 * skips those already there (same start and title) so that importing a file again adds nothing.
 */
export async function importWorkoutsCsv(
  db: Db,
  userId: Key,
  text: string,
  units: WeightUnit | undefined,
): Promise<ImportResult> {
  const settings = await trainingSettingsOf(db, userId);
  let read: ReturnType<typeof readWorkoutsCsv>;
  try {
    read = readWorkoutsCsv(text, { timeZone: settings.timeZone, units: units ?? settings.units });
  } catch (error) {
    if (error instanceof ImportProblem) throw new HttpError(400, [error.message]);
    throw error;
  }
  const { workouts } = read;
  if (workouts.length === 0) throw new HttpError(400, [trainingErrors.importNothing]);

  const starts = workouts.map((w) => w.startedAt).sort();
  const existing = await workoutKeysBetween(db, userId, starts[0] ?? '', starts[starts.length - 1] ?? '');
  const fresh = workouts.filter((w) => {
    const key = `${w.startedAt}\u0000${w.title.slice(0, trainingLimits.titleMaxLength).trim() || 'Workout'}`;
    if (existing.has(key)) return false;
    existing.add(key);
    return true;
  });
  const { resolved, created } = await resolveExercises(
    db,
    userId,
    fresh.flatMap((w) => w.exercises),
  );

  const rowsById = new Map([...resolved.values()].map((row) => [row.id, row]));
  const writes: WorkoutWrite[] = [];
  for (const workout of fresh) {
    const exercises = workout.exercises.flatMap((entry) => {
      const row = resolved.get(entry);
      const sets = row ? entry.sets.flatMap((set) => setFor(row, set) ?? []) : [];
      const plan = { restSec: entry.restSec, supersetGroup: entry.supersetGroup };
      return row && sets.length > 0 ? [{ exerciseId: row.id, notes: entry.notes.trim(), ...plan, sets }] : [];
    });
    if (exercises.length === 0) continue;
    const parsed = workoutInputSchema.safeParse({
      title: workout.title.slice(0, trainingLimits.titleMaxLength).trim() || 'Workout',
      startedAt: workout.startedAt,
      durationSec: workout.durationSec,
      notes: workout.notes.trim(),
      exercises,
    });
    if (!parsed.success) throw new HttpError(400, [`row ${workout.row}: ${describeIssues(parsed.error)[0]}`]);
    writes.push({ id: crypto.randomUUID(), userId, workout: parsed.data, exercises: rowsById });
  }
  await insertWorkouts(db, userId, writes);
  const earliest = writes.map((w) => w.workout.startedAt).sort()[0];
  if (earliest) await refreshPostSummaries(db, userId, new Date(earliest).toISOString());
  return { imported: writes.length, skipped: workouts.length - writes.length, exercisesCreated: created };
}
