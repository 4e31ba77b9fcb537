import { type ImportPreview, type ImportResult, routes } from '@spotter/contract';
import { call } from '../../../lib/api-client';

/** Reads a Strong, Hevy or Spotter CSV as the import would, storing nothing (upload progress 0 to 1). */
export async function previewWorkoutsFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  return call(routes.previewImport, { query: {}, file, onProgress, signal });
}

/** Imports the file's workouts (those already logged are skipped; none is posted). */
export async function importWorkoutsFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return call(routes.importWorkouts, { query: {}, file, onProgress, signal });
}
