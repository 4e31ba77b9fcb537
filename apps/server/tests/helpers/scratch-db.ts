import { afterEach } from 'vitest';
import { type Db, openDatabase } from '../../src/db/database';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * For tests of the database layer: `open(kind)` gives a fresh, empty database of either engine
 * (whatever TEST_DB says), closed and dropped after each test of the file that called this.
 */
export function scratchDatabases(): (kind: 'sqlite' | 'postgres') => Promise<Db> {
  const opened: { db: Db; test: TestDatabase }[] = [];
  afterEach(async () => {
    for (const { db, test } of opened.splice(0)) {
      await db.close();
      await test.drop();
    }
  });
  return async (kind) => {
    const test = await createTestDatabase(kind);
    const db = openDatabase(test.database);
    opened.push({ db, test });
    return db;
  };
}
