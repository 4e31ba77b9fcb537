import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabases } from '../../tests/helpers/scratch-db';
import { isoOfPostgresTimestamp } from './time';

/**
 * pg's own parser of a timestamptz, and the Date it makes printed: pg-types registers postgres-date
 * for it, which the server's parser replaces in pg's shared table (db/database.ts) as soon as any
 * test in this process opened PostgreSQL, so it is taken from pg-types' own dependency.
 */
const pgTypesRequire = createRequire(createRequire(import.meta.url).resolve('pg-types'));
const pgDate = pgTypesRequire('postgres-date') as (text: string) => Date | number;
const viaDate = (text: string) => {
  const date = pgDate(text);
  if (!(date instanceof Date)) throw new Error('not pg’s own parser');
  return date.toISOString();
};
const refuse = (text: string): string => {
  throw new Error(`not read in place: ${text}`);
};

const open = scratchDatabases();

describe('isoOfPostgresTimestamp', () => {
  it('reads every fraction PostgreSQL prints in a UTC session as a Date would, cut to milliseconds', () => {
    const texts = ['2026-11-28 20:33:00+00', '1999-12-31 23:59:59.9+00', '2024-02-29 00:00:00.05+00'];
    for (let ms = 0; ms < 1000; ms += 7) texts.push(`2026-03-04 05:06:07.${String(ms).padStart(3, '0')}+00`);
    for (const micros of ['000001', '123456', '999999', '5', '12', '1234', '12345'])
      texts.push(`2026-03-04 05:06:07.${micros}+00`);
    for (const text of texts) expect(isoOfPostgresTimestamp(text, refuse)).toBe(viaDate(text));
  });

  it('leaves every other form to the slow way', () => {
    for (const text of [
      '2026-03-04 05:06:07.5+05:30',
      '2026-03-04 05:06:07-08',
      '10000-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
    ]) {
      expect(isoOfPostgresTimestamp(text, () => 'other')).toBe('other');
    }
  });

  it('is what the server reads from PostgreSQL, whatever zone the timestamp was written in', async () => {
    const db = await open('postgres');
    const { rows } = await sql<{ at: unknown; now: unknown }>`select
        '2026-11-28 21:33:00.123456+01'::timestamptz as at, now() as now`.execute(db.kysely);
    expect(rows[0]?.at).toBe('2026-11-28T20:33:00.123Z');
    expect(rows[0]?.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
