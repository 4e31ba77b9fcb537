import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import './provided';
import type { Database } from '../../src/config';

/**
 * Which database the API suite runs on: `TEST_DB=postgres` uses the machine's PostgreSQL (a fresh
 * database per test file, dropped afterwards); anything else a fresh SQLite file per test file.
 * `npm test` runs the suite once on each.
 */
export const testDbKind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own for a test file: `empty`, or a copy of the run's `seeded` template
 * (migrated and seeded once by the global setup: db-templates.ts).
 */
export async function createTestDatabase(
  kind: 'sqlite' | 'postgres' = testDbKind,
  start: 'empty' | 'seeded' = 'empty',
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const templates = start === 'seeded' ? inject('dbTemplates') : undefined;
  if (kind === 'sqlite') {
    const file = path.join(dataDir, 'spotter.db');
    if (templates) fs.copyFileSync(templates.sqliteFile, file);
    return {
      database: { kind: 'sqlite', file },
      dataDir,
      drop: async () => removeDir(),
    };
  }
  const name = `spotter_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const template = templates?.postgresName ? ` TEMPLATE ${templates.postgresName}` : '';
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
        removeDir();
      }
    },
  };
}
