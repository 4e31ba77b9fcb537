import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './helpers/test-db';

/**
 * On PostgreSQL whatever TEST_DB says: the machine always has one. When the database ends the
 * server's idle connections (a restart, a failover, pg_terminate_backend), the server keeps running
 * and its next query is answered on a new connection.
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  db = openDatabase(database.database);
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

const one = async () => (await db.kysely.selectNoFrom((eb) => eb.val(1).as('one')).execute())[0]?.one;

describe('PostgreSQL connections ended by the server', () => {
  it('are dropped from the pool without ending the process, and the next query is answered', async () => {
    await Promise.all([one(), one(), one()]);
    const name = new URL((database.database as { url: string }).url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The idle connections hear of it a moment later; an unheard pool error would fail this file.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Number(await one())).toBe(1);
  });
});
