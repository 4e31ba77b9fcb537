import crypto from 'node:crypto';
import { measureFields, trainingErrors, trainingLimits, type WeightUnit } from '@spotter/contract';
import { describeIssues, type ImportPreview, type ImportResult, workoutInputSchema } from '@spotter/contract/schemas';
import type { Db } from '../../db/database';
import type { ExerciseRow } from '../../db/schema/exercises';
import type { Key } from '../../db/schema/keys';
import { HttpError } from '../../errors';
import type { PeopleInFlight } from '../../http/people-in-flight';
import {
  type CsvSource,
  type ImportedExercise,
  type ImportedSet,
  type ImportedWorkout,
  ImportProblem,
  readWorkoutsCsv,
} from './csv-import';
import { guessMeasure } from './csv-layouts';
import { foldName } from './fold-name';
import { pacer } from './give-way';
import { catalogueIdOfImportedName } from './import-names';
import { exercisesByNameKeys, exercisesVisibleTo, insertCustomExercise } from './queries/exercises';
import { refreshPostSummaries } from './queries/post-workouts';
import { trainingSettingsOf } from './queries/training-stats';
import { insertWorkouts, type WorkoutWrite, workoutKeysBetween } from './queries/workouts';
import { newWorkoutId } from './workout-id';

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
 * nowhere becomes a custom exercise, planned here (`planned`, not stored yet): createPlanned stores
 * those the import uses.
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
    const row = plannedExercise(userId, name, key, measure, category);
    created.set(key, row);
    resolved.set(entry, row);
  }
  return { resolved, planned: new Set(created.values()) };
}

/** A custom exercise the import will make if a workout it stores uses it. */
function plannedExercise(
  userId: Key,
  name: string,
  key: string,
  measure: ExerciseRow['measure'],
  category: ExerciseRow['category'],
): ExerciseRow {
  return {
    id: crypto.randomUUID(),
    owner_id: userId,
    name,
    name_key: key,
    category,
    measure,
    equipment: 'other',
    primary_muscles: '[]',
    secondary_muscles: '[]',
    created_at: '',
  };
}

/**
 * Stores the planned exercises that `writes` use, and no other: an import that stores nothing makes
 * nothing (issue 45, finding 14). One made meanwhile under the same name by another request of the
 * same person is used instead (`replaced`: its row took the planned one's place in `resolved`).
 */
async function createPlanned(
  db: Db,
  userId: Key,
  planned: ReadonlySet<ExerciseRow>,
  writes: readonly WorkoutWrite[],
  resolved: Map<ImportedExercise, ExerciseRow>,
) {
  const used = new Set(writes.flatMap((w) => w.workout.exercises.map((e) => e.exerciseId)));
  let created = 0;
  let replaced = false;
  for (const row of planned) {
    if (!used.has(row.id)) continue;
    const exercise = {
      name: row.name,
      category: row.category,
      measure: row.measure,
      equipment: 'other' as const,
      primaryMuscles: [],
      secondaryMuscles: [],
    };
    if (await insertCustomExercise(db, userId, row.id, exercise)) {
      created += 1;
      continue;
    }
    const existing = (await exercisesByNameKeys(db, userId, [row.name_key])).find((r) => r.owner_id !== null);
    for (const [entry, was] of resolved) {
      if (was !== row) continue;
      if (existing) resolved.set(entry, existing);
      else resolved.delete(entry);
    }
    replaced = true;
  }
  return { created, replaced };
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
 * One entry for each exercise the file names (by id and name), holding the sets of all its entries,
 * to resolve: a 150,000-row file names a few dozen exercises in tens of thousands of entries, and
 * resolving each entry folded its name over and over on the event loop (issue 45, finding 3). The
 * sets are all there, so a new exercise's measure is guessed from the same sets as before.
 */
function byExercise(entries: readonly ImportedExercise[]) {
  const firsts = new Map<string, ImportedExercise>();
  const of = new Map<ImportedExercise, ImportedExercise>();
  for (const entry of entries) {
    const key = `${entry.exerciseId ?? ''}\u0000${entry.name}`;
    let first = firsts.get(key);
    if (!first) {
      first = { ...entry, sets: [] };
      firsts.set(key, first);
    }
    for (const set of entry.sets) first.sets.push(set);
    of.set(entry, first);
  }
  return { entries: [...firsts.values()], of };
}

/** Workouts checked between two turns given to the rest of the server (issue 45, finding 3). */
const workoutsPerTurn = 100;

/** The workouts to store: those with a set their exercises record, each checked as a logged one is. */
async function workoutWrites(
  userId: Key,
  workouts: readonly ImportedWorkout[],
  resolved: ReadonlyMap<ImportedExercise, ExerciseRow>,
  people: PeopleInFlight | undefined,
): Promise<WorkoutWrite[]> {
  const rowsById = new Map([...resolved.values()].map((row) => [row.id, row]));
  const writes: WorkoutWrite[] = [];
  const giveWay = pacer(people);
  for (const [i, workout] of workouts.entries()) {
    if (i % workoutsPerTurn === workoutsPerTurn - 1) await giveWay();
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
    writes.push({ id: newWorkoutId(), userId, workout: parsed.data, exercises: rowsById });
  }
  return writes;
}

/** Sets a write transaction holds at most: one batch, then the rest of the server gets a turn. */
const setsPerBatch = 500;

/**
 * Stores the workouts oldest first, in transactions of about `setsPerBatch` sets with a turn for
 * other requests between them (issue 45, finding 3): one transaction of 150,000 sets held SQLite's
 * single writer, and the event loop, for seconds. Oldest first, each batch's records follow from the
 * batches before it as one transaction's would. A failure half-way keeps the batches stored; the
 * same file imported again adds the rest (the stored ones are skipped).
 */
async function insertInBatches(
  db: Db,
  userId: Key,
  writes: readonly WorkoutWrite[],
  people: PeopleInFlight | undefined,
) {
  const ordered = [...writes].sort((a, b) => a.workout.startedAt.localeCompare(b.workout.startedAt));
  const giveWay = pacer(people);
  let batch: WorkoutWrite[] = [];
  let sets = 0;
  for (const [i, write] of ordered.entries()) {
    batch.push(write);
    sets += write.workout.exercises.reduce((n, e) => n + e.sets.length, 0);
    if (sets < setsPerBatch && i < ordered.length - 1) continue;
    await insertWorkouts(db, userId, batch);
    await giveWay();
    batch = [];
    sets = 0;
  }
}

/** What an import of a file would store: read, checked and matched, nothing stored yet. */
interface ImportPlan {
  /** Workouts the file holds. */
  total: number;
  fresh: ImportedWorkout[];
  resolved: Map<ImportedExercise, ExerciseRow>;
  planned: Set<ExerciseRow>;
  writes: WorkoutWrite[];
}

/**
 * Reads the file and plans its import: the workouts not already there (same start and title), each
 * exercise matched or planned as a custom one, each workout checked as a logged one is.
 */
async function planImport(
  db: Db,
  userId: Key,
  file: CsvSource,
  units: WeightUnit | undefined,
  people: PeopleInFlight | undefined,
): Promise<ImportPlan> {
  const settings = await trainingSettingsOf(db, userId);
  let read: Awaited<ReturnType<typeof readWorkoutsCsv>>;
  try {
    read = await readWorkoutsCsv(file, { timeZone: settings.timeZone, units: units ?? settings.units, people });
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
  const entries = fresh.flatMap((w) => w.exercises);
  const exercises = byExercise(entries);
  const found = await resolveExercises(db, userId, exercises.entries);
  const resolved = new Map<ImportedExercise, ExerciseRow>();
  for (const entry of entries) {
    const row = found.resolved.get(exercises.of.get(entry) ?? entry);
    if (row) resolved.set(entry, row);
  }
  const writes = await workoutWrites(userId, fresh, resolved, people);
  return { total: workouts.length, fresh, resolved, planned: found.planned, writes };
}

/**
 * POST /api/workouts/import: reads the file, logs its workouts as the person's (none posted), and
 * skips those already there (same start and title) so that importing a file again adds nothing.
 * Everything is read and checked before anything is stored: a file refused stores nothing. A long
 * file makes way for `people`'s other requests in flight (give-way.ts).
 */
export async function importWorkoutsCsv(
  db: Db,
  userId: Key,
  file: CsvSource,
  units: WeightUnit | undefined,
  people?: PeopleInFlight,
): Promise<ImportResult> {
  const plan = await planImport(db, userId, file, units, people);
  const { total, fresh, resolved, planned } = plan;
  let { writes } = plan;
  const { created, replaced } = await createPlanned(db, userId, planned, writes, resolved);
  if (replaced) writes = await workoutWrites(userId, fresh, resolved, people);
  await insertInBatches(db, userId, writes, people);
  const earliest = writes.map((w) => w.workout.startedAt).sort()[0];
  if (earliest) await refreshPostSummaries(db, userId, new Date(earliest).toISOString());
  return { imported: writes.length, skipped: total - writes.length, exercisesCreated: created };
}

/**
 * POST /api/workouts/import/preview: what importWorkoutsCsv would store from the same file now,
 * storing nothing: the counts and dates, and each exercise name with the exercise it lands on (null
 * for a custom one the import would make), for the person to look over before importing.
 */
export async function previewWorkoutsCsv(
  db: Db,
  userId: Key,
  file: CsvSource,
  units: WeightUnit | undefined,
  people?: PeopleInFlight,
): Promise<ImportPreview> {
  const { total, fresh, resolved, planned, writes } = await planImport(db, userId, file, units, people);
  const byName = new Map<string, ImportPreview['exercises'][number]>();
  // An entry with a set its exercise records belongs to a workout the import stores (workoutWrites).
  for (const workout of fresh) {
    for (const entry of workout.exercises) {
      const row = resolved.get(entry);
      if (!row) continue;
      const sets = entry.sets.filter((set) => setFor(row, set) !== undefined).length;
      if (sets === 0) continue;
      const known = byName.get(entry.name);
      if (known) {
        known.sets += sets;
        continue;
      }
      const matched = planned.has(row) ? null : { exerciseId: row.id, name: row.name };
      byName.set(entry.name, { name: entry.name, matched, sets });
    }
  }
  const starts = writes.map((w) => w.workout.startedAt).sort();
  return {
    workouts: writes.length,
    skipped: total - writes.length,
    sets: writes.reduce((n, w) => n + w.workout.exercises.reduce((m, e) => m + e.sets.length, 0), 0),
    firstStartedAt: starts[0] ?? null,
    lastStartedAt: starts[starts.length - 1] ?? null,
    exercises: [...byName.values()],
  };
}
