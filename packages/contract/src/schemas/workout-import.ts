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

/** GET /api/users/me/workouts.csv answers text/csv (docs/training-csv.md), not JSON. */
export const workoutsCsvSchema = z.string();
