import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import SqliteDatabase from '../db/sqlite-driver';
import { copyTree, fsyncPath, isEmptyOrMissing, type TreeSize } from './files';
import {
  BackupError,
  backupFormat,
  databaseFileName,
  jwtSecretFileName,
  type Manifest,
  mediaFolderName,
  writeManifest,
} from './manifest';
import { tableDigests } from './table-digest';

export const pgDumpHint =
  'DATABASE_URL points at PostgreSQL: back it up with `pg_dump --format=custom --file=spotter.pgdump "$DATABASE_URL"` (README, Backups).';

/** `backups/spotter-2026-11-22T10-15-00Z` under the working directory. */
export function defaultBackupDir(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.resolve('backups', `spotter-${stamp}`);
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * A consistent copy of a live Spotter: `VACUUM INTO` writes the database as one read transaction saw
 * it (the server keeps writing meanwhile; WAL readers block nobody), then the media folder is copied.
 * Media is copied after the database, so every file a copied post points at is in the copy (files are
 * only ever added under a new name). The copy is built under `<dir>.partial` and renamed when
 * complete, so a folder named like a backup is always a whole one.
 */
export function backupDataDir(config: Config, dir: string): BackupResult {
  if (config.database.kind !== 'sqlite') throw new BackupError(pgDumpHint);
  const dbFile = config.database.file;
  if (!fs.existsSync(dbFile)) throw new BackupError(`There is no database to back up at ${dbFile}.`);
  const target = path.resolve(dir);
  if (!isEmptyOrMissing(target)) throw new BackupError(`${target} already exists and is not empty.`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });

  const copy = path.join(partial, databaseFileName);
  const source = new SqliteDatabase(dbFile, { fileMustExist: true, timeout: 5000 });
  try {
    source.prepare('VACUUM INTO ?').run(copy);
  } finally {
    source.close();
  }
  fs.chmodSync(copy, 0o600);
  const tables = checkedDigests(copy);
  fsyncPath(copy);

  const media = path.join(config.dataDir, mediaFolderName);
  let mediaSize: TreeSize | undefined;
  if (fs.existsSync(media)) mediaSize = copyTree(media, path.join(partial, mediaFolderName));

  const secret = path.join(config.dataDir, jwtSecretFileName);
  const jwtSecret = fs.existsSync(secret);
  if (jwtSecret) {
    fs.copyFileSync(secret, path.join(partial, jwtSecretFileName));
    fs.chmodSync(path.join(partial, jwtSecretFileName), 0o600);
  }

  const manifest: Manifest = {
    format: backupFormat,
    createdAt: new Date().toISOString(),
    source: config.dataDir,
    tables,
    ...(mediaSize ? { media: mediaSize } : {}),
    jwtSecret,
  };
  fsyncPath(writeManifest(partial, manifest));
  fsyncPath(partial);
  if (fs.existsSync(target)) fs.rmdirSync(target);
  fs.renameSync(partial, target);
  fsyncPath(path.dirname(target));
  return { dir: target, manifest };
}

/** Digests of a database file, after SQLite's own check of it says 'ok'. */
export function checkedDigests(file: string): Manifest['tables'] {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (check.join() !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${check.join('; ')}`);
    return tableDigests(db);
  } finally {
    db.close();
  }
}
