import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDigests } from '../src/backup/table-digest';
import { openDatabase } from '../src/db/database';
import SqliteDatabase from '../src/db/sqlite-driver';
import { pgTableDigests } from './helpers/pg-digest';
import { freePort, runServerCommand, serverEnv, startServerProcess } from './helpers/server-process';
import { counterMismatches, missingWrites, writesPresent } from './helpers/stored-writes';
import { createTestDatabase, testDbKind } from './helpers/test-db';
import { type Account, answeredBefore, signupAccount, startWriteLoad } from './helpers/write-load';

const execFileAsync = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function digestsOf(file: string) {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return tableDigests(db);
  } finally {
    db.close();
  }
}

/** Every file under a folder with the sha256 of its bytes. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return files;
}

/**
 * `npm run backup` and `npm run restore` are the embedded SQLite database's; on PostgreSQL the README
 * says pg_dump and pg_restore, and the PostgreSQL run of the suite proves those commands instead.
 */
const describeForDb = (kind: typeof testDbKind, name: string, tests: () => void) =>
  kind === testDbKind ? describe(name, tests) : undefined;

describeForDb('sqlite', 'backup and restore of the embedded SQLite database', () => {
  it('backs up a server under write load to a consistent copy, and restores it exactly', async () => {
    const dataDir = path.join(scratch, 'data');
    const backupDir = path.join(scratch, 'backup');
    const env = serverEnv({ dataDir });
    // Uploaded media as the media store keeps it: files in folders under DATA_DIR/media.
    for (const name of ['ab/ab12.webp', 'ab/ab34.mp4', 'cd/cd56.webp']) {
      fs.mkdirSync(path.dirname(path.join(dataDir, 'media', name)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'media', name), crypto.randomBytes(50_000));
    }
    const mediaAtStart = filesOf(path.join(dataDir, 'media'));

    const port = await freePort();
    const server = await startServerProcess({ port, dataDir, seed: true });
    const accounts: Account[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await signupAccount(server.url, `backedup${i}`));
    const load = startWriteLoad(server.url, accounts, { workers: 8, tag: 'bk' });
    await load.waitForAnswered(150);

    const backupStarted = load.tick();
    const backup = await runServerCommand(['backup', backupDir], env);
    const backupEnded = load.tick();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`to ${backupDir}`);
    await load.waitForAnswered(load.answeredCount() + 50);
    await load.stop();

    // The copy is sound and is what its manifest says.
    const copy = path.join(backupDir, 'spotter.db');
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.tables).toEqual(digestsOf(copy));
    expect(filesOf(path.join(backupDir, 'media'))).toEqual(mediaAtStart);
    expect(fs.readFileSync(path.join(backupDir, 'jwt-secret'))).toEqual(
      fs.readFileSync(path.join(dataDir, 'jwt-secret')),
    );
    expect(fs.statSync(copy).mode & 0o077).toBe(0);

    // It is one moment of the live database: everything answered before the backup began, nothing
    // sent after it ended, and no half-done transaction.
    const copied = openDatabase({ kind: 'sqlite', file: copy });
    try {
      expect(copied.sqlite?.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(await missingWrites(copied, answeredBefore(load.answered, backupStarted))).toEqual([]);
      const sentAfter = load.events.filter((e) => e.sentAt > backupEnded);
      expect(sentAfter.filter((e) => e.answeredAt !== undefined).length).toBeGreaterThan(0);
      expect(await writesPresent(copied, sentAfter)).toEqual([]);
      expect(await counterMismatches(copied)).toEqual([]);
    } finally {
      await copied.close();
    }

    // Restoring is refused while the server has the database open, and changes nothing.
    const live = path.join(dataDir, 'spotter.db');
    const beforeRefusal = digestsOf(live);
    const refused = await runServerCommand(['restore', backupDir], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use');
    expect(digestsOf(live)).toEqual(beforeRefusal);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('replaced-'))).toEqual([]);
    expect((await server.stop()).code).toBe(0);

    // With the server stopped it puts the backup back and keeps what it replaced.
    const replacedState = digestsOf(live);
    fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'ab99.webp'), 'uploaded after the backup');
    const restore = await runServerCommand(['restore', backupDir], env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(digestsOf(live)).toEqual(manifest.tables);
    expect(filesOf(path.join(dataDir, 'media'))).toEqual(mediaAtStart);
    const [replaced] = fs.readdirSync(dataDir).filter((f) => f.startsWith('replaced-'));
    expect(digestsOf(path.join(dataDir, `${replaced}`, 'spotter.db'))).toEqual(replacedState);

    // And the server runs on it: a post from before the backup is there, one from after is not.
    const restarted = await startServerProcess({ port, dataDir });
    try {
      const before = answeredBefore(load.answered, backupStarted).posts.at(-1);
      expect((await fetch(`${restarted.url}/api/posts/${before?.id}`)).status).toBe(200);
      const after = load.answered.posts.find((p) => p.answeredAt > backupEnded);
      expect((await fetch(`${restarted.url}/api/posts/${after?.id}`)).status).toBe(404);
    } finally {
      expect((await restarted.stop()).code).toBe(0);
    }
  }, 180_000);

  it('refuses what is not a backup and changes nothing', async () => {
    const dataDir = path.join(scratch, 'untouched');
    fs.mkdirSync(dataDir);
    const result = await runServerCommand(['restore', scratch], serverEnv({ dataDir }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a Spotter backup');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describeForDb('postgres', 'backup and restore on PostgreSQL with pg_dump and pg_restore', () => {
  it('dumps a server under write load to one moment, and pg_restore puts exactly that moment back', async () => {
    const database = await createTestDatabase();
    if (database.database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const url = database.database.url;
    const dump = path.join(scratch, 'spotter.pgdump');
    try {
      const port = await freePort();
      const server = await startServerProcess({ port, dataDir: database.dataDir, databaseUrl: url, seed: true });
      const accounts: Account[] = [];
      for (let i = 0; i < 4; i++) accounts.push(await signupAccount(server.url, `dumped${i}`));
      const load = startWriteLoad(server.url, accounts, { workers: 8, tag: 'pg' });
      await load.waitForAnswered(150);

      // The test holds the snapshot pg_dump uses, to see for itself what the database held at that moment.
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      let atBackup: Awaited<ReturnType<typeof pgTableDigests>>;
      let backupStarted: number;
      let backupEnded: number;
      try {
        await observer.query('begin isolation level repeatable read');
        backupStarted = load.tick();
        const { rows } = await observer.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
        backupEnded = load.tick();
        atBackup = await pgTableDigests(observer);
        await execFileAsync('pg_dump', ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${dump}`, url]);
      } finally {
        await observer.end();
      }
      await load.waitForAnswered(load.answeredCount() + 50);
      await load.stop();

      // `npm run backup` does not pretend: it points at pg_dump.
      const refused = await runServerCommand(['backup', path.join(scratch, 'nope')], {
        ...serverEnv({ dataDir: database.dataDir }),
        DATABASE_URL: url,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('pg_dump');
      expect((await server.stop()).code).toBe(0);

      // The README's restore command, over the live database the writes went on into.
      await execFileAsync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, dump]);
      const restored = new pg.Client({ connectionString: url });
      await restored.connect();
      try {
        expect(await pgTableDigests(restored)).toEqual(atBackup);
      } finally {
        await restored.end();
      }
      const db = openDatabase(database.database);
      try {
        expect(await missingWrites(db, answeredBefore(load.answered, backupStarted))).toEqual([]);
        const sentAfter = load.events.filter((e) => e.sentAt > backupEnded);
        expect(sentAfter.filter((e) => e.answeredAt !== undefined).length).toBeGreaterThan(0);
        expect(await writesPresent(db, sentAfter)).toEqual([]);
        expect(await counterMismatches(db)).toEqual([]);
      } finally {
        await db.close();
      }

      const restarted = await startServerProcess({ port, dataDir: database.dataDir, databaseUrl: url });
      expect((await restarted.stop()).code).toBe(0);
    } finally {
      await database.drop();
    }
  }, 180_000);
});
