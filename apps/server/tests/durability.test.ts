import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { freePort, startServerProcess } from './helpers/server-process';
import { counterMismatches, missingWrites, sqliteIntegrity } from './helpers/stored-writes';
import { createTestDatabase, type TestDatabase, testDbKind } from './helpers/test-db';
import { type Account, signupAccount, startWriteLoad } from './helpers/write-load';

/**
 * SIGKILL mid-load: the server process dies between any two instructions, with writes in flight.
 * Every write it had answered 2xx must be there after a restart, and the database must be sound.
 */
describe(`a killed server loses no answered write (${testDbKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  // The kernel's pick, kept for the restart: a fixed port would meet another run's server on a shared machine.
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });
  const serverOptions = () => ({
    port,
    dataDir: database.dataDir,
    databaseUrl: database.database.kind === 'postgres' ? database.database.url : undefined,
    seed: true,
  });

  it('keeps every write answered before SIGKILL, and restarts on a sound database', async () => {
    const server = await startServerProcess(serverOptions());
    const accounts: Account[] = [];
    for (let i = 0; i < 6; i++) accounts.push(await signupAccount(server.url, `killed${i}`));

    const load = startWriteLoad(server.url, accounts, { workers: 12, tag: 'kill' });
    await load.waitForAnswered(400);
    // Twelve writes are in flight at this moment: some not read yet, some mid-transaction.
    server.child.kill('SIGKILL');
    const exit = await server.exited;
    await load.stop();
    expect(exit.signal).toBe('SIGKILL');
    const inFlight = load.events.filter((e) => e.answeredAt === undefined).length;
    expect(inFlight).toBeGreaterThan(0);

    const restarted = await startServerProcess(serverOptions());
    try {
      const lastPost = load.answered.posts.at(-1);
      const res = await fetch(`${restarted.url}/api/posts/${lastPost?.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { post: { content: string } }).post.content).toBe(lastPost?.content);

      const db = openDatabase(database.database);
      try {
        expect(await missingWrites(db, load.answered)).toEqual([]);
        expect(await counterMismatches(db)).toEqual([]);
        if (db.kind === 'sqlite') expect(sqliteIntegrity(db)).toBe('ok');
      } finally {
        await db.close();
      }
      expect(load.answered.posts.length).toBeGreaterThan(0);
      expect(load.answered.likes.length).toBeGreaterThan(0);
      expect(load.answered.follows.length).toBeGreaterThan(0);
    } finally {
      expect((await restarted.stop()).code).toBe(0);
    }
  }, 120_000);
});
