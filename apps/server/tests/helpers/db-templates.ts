import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { seedIfEmpty } from '../../src/seed/seed';

/**
 * A database migrated and seeded once per test run, that each test file's database starts as a copy
 * of: a file copy on SQLite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL. Migrating and seeding
 * afresh (about 50 migrations, the demo's people hashed with argon2id) took each file's app a second
 * on SQLite and several on PostgreSQL; a copy takes milliseconds. The app still runs its migrations
 * and seeding at start, and finds them done, as on any restart.
 */
export interface DbTemplates {
  /** The SQLite file to copy. */
  sqliteFile: string;
  /** The PostgreSQL database to copy; absent when the machine's PostgreSQL could not be reached. */
  postgresName?: string;
}

async function makeSqliteTemplate(dir: string): Promise<string> {
  const file = path.join(dir, 'template.db');
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await db.close();
  // Closing the last connection folds the WAL into the file: the file alone is the whole database.
  if (fs.existsSync(`${file}-wal`)) throw new Error(`the SQLite template kept a WAL: ${file}-wal`);
  return file;
}

async function makePostgresTemplate(adminUrl: string): Promise<string | undefined> {
  const name = `spotter_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await db.close();
  return name;
}

export async function makeDbTemplates(postgresAdminUrl: string): Promise<{
  templates: DbTemplates;
  remove(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-template-'));
  const [sqliteFile, postgresName] = await Promise.all([
    makeSqliteTemplate(dir),
    makePostgresTemplate(postgresAdminUrl),
  ]);
  return {
    templates: { sqliteFile, ...(postgresName ? { postgresName } : {}) },
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (!postgresName) return;
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
