import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { federationMessageQueues } from '../src/db/migrations/147-federation-message-queues';
import { DatabaseMessageQueue } from '../src/modules/federation';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Migration 147 (decision 107): messages queued before it go to the queue their message names, so
 * a received activity left in the old single queue is handled by the inbox's listener, a delivery
 * by the outbox's; down takes the column away again.
 */
let test: TestDatabase;
let db: Db;
const raw = () => db.kysely as unknown as Kysely<unknown>;

beforeAll(async () => {
  test = await createTestDatabase();
  db = openDatabase(test.database);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.close();
  await test.drop();
});

describe('migration 147 (the inbox and outbox queues)', () => {
  it('puts the messages queued before it in the queue their type names', async () => {
    const migration = federationMessageQueues(db.kind);
    await migration.down(raw());
    for (const message of [
      { type: 'inbox', id: 'received' },
      { type: 'outbox', id: 'delivery' },
      { type: 'fanout', id: 'fan-out' },
    ]) {
      await sql`insert into federation_messages (message, ordering_key, deliver_at, taken_at)
        values (${JSON.stringify(message)}, null, ${Date.now()}, null)`.execute(raw());
    }
    await migration.up(raw());

    const inbox = new DatabaseMessageQueue(db, { queue: 'inbox' });
    const outbox = new DatabaseMessageQueue(db, { queue: 'outbox' });
    expect(await inbox.getDepth()).toMatchObject({ queued: 1 });
    expect(await outbox.getDepth()).toMatchObject({ queued: 2 });
    const rows = await db.kysely.selectFrom('federation_messages').select(['message', 'queue']).orderBy('id').execute();
    expect(rows.map((row) => [JSON.parse(row.message).id, row.queue])).toEqual([
      ['received', 'inbox'],
      ['delivery', 'outbox'],
      ['fan-out', 'outbox'],
    ]);
  });
});
