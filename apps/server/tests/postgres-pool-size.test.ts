import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envToConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * On PostgreSQL whatever TEST_DB says: DATABASE_POOL_SIZE bounds the connections a server's main pool
 * opens (decision 061); the reads beyond it wait their turn and are all answered.
 */
let database: TestDatabase;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  url = (database.database as { url: string }).url;
});

afterAll(() => database.drop());

/** The backends that answered `n` reads sent at once, each holding its connection a moment. */
async function backendsOf(poolSize: string | undefined, n: number) {
  const config = envToConfig({ DATABASE_URL: url, ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}) });
  const db = openDatabase(config.database);
  try {
    const rows = await Promise.all(
      Array.from({ length: n }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db.kysely),
      ),
    );
    return rows.map((r) => r.rows[0]?.pid);
  } finally {
    await db.close();
  }
}

describe('DATABASE_POOL_SIZE', () => {
  it('bounds the connections of the main pool; every read is answered', async () => {
    const pids = await backendsOf('2', 6);
    expect(pids).toHaveLength(6);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    expect(new Set(pids).size).toBe(2);
  });

  it('opens as many as are asked for at once, up to the size', async () => {
    expect(new Set(await backendsOf('6', 6)).size).toBe(6);
  });

  it('refuses a size that is not a whole number from 1 to 100, saying which variable', () => {
    for (const bad of ['0', '101', '2.5', 'ten']) {
      expect(() => envToConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
