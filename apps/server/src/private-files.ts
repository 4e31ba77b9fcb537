import fs from 'node:fs';

/**
 * DATA_DIR holds the password hashes (spotter.db), the token secret and the uploads: only the
 * server's own user may read it. Created 0700, and tightened if an older Spotter made it 0755.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
}

/** A file (and SQLite's -wal and -shm beside it, which SQLite creates with the file's mode) as 0600. */
export function makePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(name)) tighten(name, 0o600);
  }
}

function tighten(name: string, mode: number) {
  if ((fs.statSync(name).mode & 0o777) === mode) return;
  try {
    fs.chmodSync(name, mode);
  } catch (error) {
    // Not its owner (a shared folder set up by an administrator): leave it as they made it.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
