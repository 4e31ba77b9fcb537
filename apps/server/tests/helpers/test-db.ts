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

/** Where a test file's database will be, before it is made: what its configuration names. */
export interface PlannedDatabase extends TestDatabase {
  /** Makes it: `empty`, or a copy of the run's `seeded` template (db-templates.ts). */
  create(start: 'empty' | 'seeded'): Promise<TestDatabase>;
}

export function planTestDatabase(kind: 'sqlite' | 'postgres' = testDbKind): PlannedDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    const file = path.join(dataDir, 'spotter.db');
    const planned: PlannedDatabase = {
      database: { kind: 'sqlite', file },
      dataDir,
      drop: async () => removeDir(),
      async create(start) {
        if (start === 'seeded') fs.copyFileSync(inject('dbTemplates').sqliteFile, file);
        return planned;
      },
    };
    return planned;
  }
  const name = `spotter_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const planned: PlannedDatabase = {
    database: { kind: 'postgres', url: url.toString() },
    dataDir,
    async create(start) {
      const template = start === 'seeded' ? inject('dbTemplates').postgresName : undefined;
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      } finally {
        await admin.end();
      }
      return planned;
    },
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
  return planned;
}

/** A fresh, empty database of its own for a test file. */
export const createTestDatabase = (kind: 'sqlite' | 'postgres' = testDbKind): Promise<TestDatabase> =>
  planTestDatabase(kind).create('empty');
