import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDigests } from '../src/backup/table-digest';
import { openDatabase } from '../src/db/database';
import { runServerCommand, serverEnv, startServerProcess } from './helpers/server-process';
import { counterMismatches, missingWrites, writesPresent } from './helpers/stored-writes';
import { type Account, answeredBefore, signupAccount, startWriteLoad } from './helpers/write-load';

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

/** `npm run backup` and `npm run restore` are SQLite's: PostgreSQL has pg_dump (backup-postgres.test.ts). */
describe('backup and restore of the embedded SQLite database', () => {
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

    const server = await startServerProcess({ port: 3354, dataDir, seed: true });
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
    const restarted = await startServerProcess({ port: 3354, dataDir });
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
