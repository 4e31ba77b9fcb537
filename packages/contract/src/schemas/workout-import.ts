import { z } from 'zod';
import { weightUnits } from '../training';

/**
 * POST /api/workouts/import?units=kg|lb: `units` is what the file's unlabelled weights are in (Strong's
 * Weight column follows the app's setting; Hevy and Spotter files name their unit in the header).
 * Without it the importer's own training setting applies.
 */
export const importQuerySchema = z.object({ units: z.enum(weightUnits).optional() });

export const importResultSchema = z.object({
  /** Workouts stored by this import. */
  imported: z.number().int(),
  /** Workouts of the file left out: already there (same start and title), or without a readable set. */
  skipped: z.number().int(),
  /** Custom exercises made for names the catalogue and the importer's own exercises do not have. */
  exercisesCreated: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * POST /api/workouts/import/preview (same file and query as the import): what an import of the file
 * would do now, nothing stored.
 */
export const importPreviewSchema = z.object({
  /** Workouts the import would store. */
  workouts: z.number().int(),
  /** Workouts of the file it would leave out (already there, or without a readable set). */
  skipped: z.number().int(),
  /** Sets of the workouts it would store. */
  sets: z.number().int(),
  /** The start of the earliest and of the latest workout it would store; null when none. */
  firstStartedAt: z.string().nullable(),
  lastStartedAt: z.string().nullable(),
  /** Each exercise name of those workouts, in the file's order, with what it lands on. */
  exercises: z.array(
    z.object({
      /** The name as the file writes it ("Deadlift (Barbell)"). */
      name: z.string(),
      /** The catalogue's or the person's own exercise it is logged as; null: a custom one would be made. */
      matched: z.object({ exerciseId: z.string(), name: z.string() }).nullable(),
      sets: z.number().int(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** GET /api/users/me/workouts.csv answers text/csv (docs/training-csv.md), not JSON. */
export const workoutsCsvSchema = z.string();
