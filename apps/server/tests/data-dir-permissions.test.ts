import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { startTestApp } from './helpers/test-app';
import { testDbKind } from './helpers/test-db';

const modeOf = (name: string) => (fs.statSync(name).mode & 0o777).toString(8);

/** The test's configuration with DATA_DIR (and on SQLite the database) in a folder of our choice. */
const inFolder = (folder: (defaults: Config) => string) => (defaults: Config) => {
  const dataDir = folder(defaults);
  return {
    dataDir,
    jwtSecret: undefined,
    media: { ...defaults.media, store: { kind: 'local' as const, dir: path.join(dataDir, 'media') } },
    database:
      defaults.database.kind === 'sqlite'
        ? { kind: 'sqlite' as const, file: path.join(dataDir, 'spotter.db') }
        : defaults.database,
  };
};

// Issue 17, finding 10: DATA_DIR was 0755 and spotter.db, -wal, -shm 0644: any local user read the hashes.
describe('DATA_DIR and the database files are private to the server’s user', () => {
  const expectPrivate = async (dataDir: string) => {
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe('600');
    if (testDbKind === 'sqlite') {
      for (const name of ['spotter.db', 'spotter.db-wal', 'spotter.db-shm']) {
        expect(modeOf(path.join(dataDir, name)), name).toBe('600');
      }
    }
  };

  it('a new DATA_DIR is 0700, the database and its -wal and -shm 0600 (with the usual umask 022)', async () => {
    const previous = process.umask(0o022);
    let dataDir = '';
    const { testApp, db } = await startTestApp(inFolder((d) => (dataDir = path.join(d.dataDir, 'fresh'))));
    try {
      // A write, so that the -wal and -shm files exist.
      await testApp.signup('perm_check');
      await expectPrivate(dataDir);
    } finally {
      process.umask(previous);
      await testApp.app.close();
      await db.drop();
    }
  });

  it('an existing DATA_DIR of 0755 with a 0644 database is tightened at start', async () => {
    let dataDir = '';
    const { testApp, db } = await startTestApp(
      inFolder((d) => {
        dataDir = path.join(d.dataDir, 'older');
        fs.mkdirSync(dataDir, { mode: 0o755 });
        fs.chmodSync(dataDir, 0o755);
        fs.writeFileSync(path.join(dataDir, 'spotter.db'), '');
        fs.chmodSync(path.join(dataDir, 'spotter.db'), 0o644);
        return dataDir;
      }),
    );
    try {
      await testApp.signup('perm_check_old');
      await expectPrivate(dataDir);
    } finally {
      await testApp.app.close();
      await db.drop();
    }
  });
});
