import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A refusal or failure of `backup` or `restore`, told to the person running it in one sentence. */
export class BackupError extends Error {}

export const backupFormat = 'spotter-backup/1';
export const databaseFileName = 'spotter.db';
export const mediaFolderName = 'media';
export const jwtSecretFileName = 'jwt-secret';
const manifestFileName = 'manifest.json';

const count = z.number().int().min(0);
const manifestSchema = z.object({
  format: z.literal(backupFormat),
  createdAt: z.string(),
  /** DATA_DIR the backup was taken from, for the record. */
  source: z.string(),
  /** Row count and content hash of every table of the copy, checked again before a restore. */
  tables: z.record(z.string(), z.object({ rows: count, sha256: z.string() })),
  /** Absent when DATA_DIR had no media folder. */
  media: z.object({ files: count, bytes: count }).optional(),
  jwtSecret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function writeManifest(dir: string, manifest: Manifest): string {
  const file = path.join(dir, manifestFileName);
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return file;
}

export function readManifest(dir: string): Manifest {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, manifestFileName), 'utf8');
  } catch {
    throw new BackupError(`${dir} is not a Spotter backup: it has no ${manifestFileName}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${dir}/${manifestFileName} is not valid JSON: the backup is damaged.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    throw new BackupError(`${dir}/${manifestFileName} is not a ${backupFormat} manifest: the backup is damaged.`);
  }
  return result.data;
}
