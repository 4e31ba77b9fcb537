import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import SqliteDatabase from '../db/sqlite-driver';
import { checkedDigests } from './backup';
import { copyTree, fsyncPath } from './files';
import {
  BackupError,
  databaseFileName,
  jwtSecretFileName,
  type Manifest,
  mediaFolderName,
  readManifest,
} from './manifest';

export const pgRestoreHint =
  'DATABASE_URL points at PostgreSQL: restore with `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" spotter.pgdump` (README, Backups).';

export interface RestoreResult {
  manifest: Manifest;
  /** Where what DATA_DIR held before now lies, if it held anything. */
  setAside?: string;
}

/**
 * Puts a backup back into DATA_DIR. Refuses a damaged backup (integrity check and table digests must
 * match its manifest) and refuses while any process has the database open. What DATA_DIR held is not
 * deleted: it is moved to DATA_DIR/replaced-<time>/.
 */
export function restoreDataDir(config: Config, backupDir: string, now = new Date()): RestoreResult {
  if (config.database.kind !== 'sqlite') throw new BackupError(pgRestoreHint);
  const from = path.resolve(backupDir);
  const manifest = readManifest(from);
  const backupDb = path.join(from, databaseFileName);
  if (!fs.existsSync(backupDb)) throw new BackupError(`${from} has no ${databaseFileName}: the backup is damaged.`);
  if (JSON.stringify(checkedDigests(backupDb)) !== JSON.stringify(manifest.tables)) {
    throw new BackupError(`${backupDb} does not hold what its manifest says: the backup is damaged.`);
  }

  const dataDir = config.dataDir;
  const dbFile = config.database.file;
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(dbFile)) settleLiveDatabase(dbFile);

  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const aside = path.join(dataDir, `replaced-${stamp}`);
  const moved = [
    ...[dbFile, `${dbFile}-wal`, `${dbFile}-shm`].filter((f) => fs.existsSync(f)),
    ...(fs.existsSync(path.join(dataDir, mediaFolderName)) ? [path.join(dataDir, mediaFolderName)] : []),
    ...(manifest.jwtSecret && fs.existsSync(path.join(dataDir, jwtSecretFileName))
      ? [path.join(dataDir, jwtSecretFileName)]
      : []),
  ];
  if (moved.length) {
    fs.mkdirSync(aside, { mode: 0o700 });
    for (const file of moved) fs.renameSync(file, path.join(aside, path.basename(file)));
  }

  const incoming = `${dbFile}.restoring`;
  fs.copyFileSync(backupDb, incoming);
  fsyncPath(incoming);
  fs.renameSync(incoming, dbFile);

  if (manifest.media) {
    const incomingMedia = path.join(dataDir, `${mediaFolderName}.restoring`);
    fs.rmSync(incomingMedia, { recursive: true, force: true });
    copyTree(path.join(from, mediaFolderName), incomingMedia);
    fs.renameSync(incomingMedia, path.join(dataDir, mediaFolderName));
  }
  if (manifest.jwtSecret) {
    const secret = path.join(dataDir, jwtSecretFileName);
    fs.copyFileSync(path.join(from, jwtSecretFileName), secret);
    fs.chmodSync(secret, 0o600);
    fsyncPath(secret);
  }
  fsyncPath(dataDir);
  return { manifest, ...(moved.length ? { setAside: aside } : {}) };
}

/**
 * Proves no process has the database open (a running server holds a shared lock on it all along, so
 * an exclusive lock is refused at once), then folds its WAL into the file so it can be moved alone.
 */
function settleLiveDatabase(dbFile: string) {
  const db = new SqliteDatabase(dbFile, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT;');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(
        `${dbFile} is in use (a Spotter server is running on this DATA_DIR?): stop it, then restore.`,
      );
    }
    throw error;
  } finally {
    db.close();
  }
}
