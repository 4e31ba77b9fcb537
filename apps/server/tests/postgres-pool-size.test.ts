import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envToConfig } from '../src/config';
import { type Db, openDatabase, postgresIdleConnections } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * On PostgreSQL whatever TEST_DB says: DATABASE_POOL_SIZE bounds the connections a server's main pool
 * opens (decision 061); the reads beyond it wait their turn and are all answered. A quiet pool keeps
 * its connections for minutes, and one always (decision 063).
 */
let database: TestDatabase;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  url = (database.database as { url: string }).url;
});

afterAll(() => database.drop());

/** The backends that answered `n` reads sent at once, each holding its connection a moment. */
async function pidsOf(db: Db, n: number) {
  const rows = await Promise.all(
    Array.from({ length: n }, () =>
      sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db.kysely),
    ),
  );
  return rows.map((r) => r.rows[0]?.pid);
}

async function backendsOf(poolSize: string | undefined, n: number) {
  const config = envToConfig({ DATABASE_URL: url, ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}) });
  const db = openDatabase(config.database);
  try {
    return await pidsOf(db, n);
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

describe('idle connections', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A pool that answered two reads at once, then was quiet for `ms` (the pool's timers faked). */
  async function quietFor(ms: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = openDatabase(envToConfig({ DATABASE_URL: url }).database);
    try {
      const before = new Set(await pidsOf(db, 2));
      vi.advanceTimersByTime(ms);
      const after = new Set(await pidsOf(db, 2));
      return { before, after, kept: [...after].filter((pid) => before.has(pid)).length };
    } finally {
      await db.close();
    }
  }

  it("keeps them through a minute's quiet: the next reads find the same backends", async () => {
    const { before, after, kept } = await quietFor(60_000);
    expect(before.size).toBe(2);
    expect(after).toEqual(before);
    expect(kept).toBe(2);
  });

  it('gives back all but one after five minutes of quiet', async () => {
    const { before, after, kept } = await quietFor(postgresIdleConnections.idleMs + 1_000);
    expect(before.size).toBe(2);
    expect(after.size).toBe(2);
    expect(kept).toBe(postgresIdleConnections.kept);
  });
});
