import { testMessageQueue } from '@fedify/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { DatabaseKvStore, DatabaseMessageQueue, Temporal } from '../src/modules/federation';
import { type RemotePerson, upsertRemotePerson } from '../src/modules/federation/queries/people';
import { eventually } from './helpers/eventually';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Fedify's KvStore and MessageQueue on the project's database (issue 49, decision 084), on the
 * engine TEST_DB names: the queue passes @fedify/testing's conformance suite (two queues on one
 * database, as two servers), the store the behaviour Fedify relies on.
 */
let test: TestDatabase;
let db: Db;

beforeAll(async () => {
  test = await createTestDatabase();
  db = openDatabase(test.database);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.close();
  await test.drop();
});

describe('the key-value store', () => {
  it('keeps, replaces, lists by prefix and deletes values', async () => {
    const kv = new DatabaseKvStore(db);
    expect(await kv.get(['a', 'missing'])).toBeUndefined();
    await kv.set(['a', 'b'], { x: 1, list: [1, 'two'] });
    await kv.set(['a', 'c'], 'text');
    await kv.set(['ab'], 3);
    await kv.set(['a', 'b'], { x: 2 });
    expect(await kv.get(['a', 'b'])).toEqual({ x: 2 });
    const listed = [];
    for await (const entry of kv.list(['a'])) listed.push(entry);
    expect(listed).toEqual([
      { key: ['a', 'b'], value: { x: 2 } },
      { key: ['a', 'c'], value: 'text' },
    ]);
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('forgets a value once its time to live has passed', async () => {
    const kv = new DatabaseKvStore(db);
    await kv.set(['ttl'], 'soon gone', { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    await kv.set(['kept'], 'stays', { ttl: Temporal.Duration.from({ hours: 1 }) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await kv.get(['ttl'])).toBeUndefined();
    expect(await kv.get(['kept'])).toBe('stays');

    // Expired entries nobody reads again are removed by the hourly sweep.
    await kv.set(['unread'], 'expires', { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await kv.sweep();
    const keys = await db.kysely.selectFrom('federation_kv').select('key').execute();
    expect(keys.map((row) => row.key)).not.toContain('["unread"]');
    expect(keys.map((row) => row.key)).toContain('["kept"]');
  });

  it('compares and sets only over the value expected', async () => {
    const kv = new DatabaseKvStore(db);
    expect(await kv.cas(['cas'], undefined, { n: 1 })).toBe(true);
    expect(await kv.cas(['cas'], undefined, { n: 9 })).toBe(false);
    expect(await kv.cas(['cas'], { n: 2 }, { n: 9 })).toBe(false);
    expect(await kv.cas(['cas'], { n: 1 }, { n: 2 })).toBe(true);
    expect(await kv.get(['cas'])).toEqual({ n: 2 });
  });
});

describe('the message queue', () => {
  it("passes @fedify/testing's conformance suite, ordering keys included", async () => {
    await testMessageQueue(
      () => new DatabaseMessageQueue(db, { pollMs: 100 }),
      async ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
  }, 60_000);
});

describe('the inbox and outbox queues (decision 107)', () => {
  it('sends a delivery out while received activities wait in their own queue', async () => {
    const inbox = new DatabaseMessageQueue(db, { queue: 'inbox', pollMs: 50 });
    const outbox = new DatabaseMessageQueue(db, { queue: 'outbox', pollMs: 50 });
    const stop = new AbortController();
    const handled: string[] = [];
    // The inbox's listener is stuck in its first message (a slow Create) until the delivery is out.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivered = () => {};
    const wasDelivered = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    await inbox.enqueueMany(['create 1', 'create 2', 'create 3']);
    const listening = [
      inbox.listen(
        async (message) => {
          handled.push(String(message));
          if (message === 'create 1') await released;
        },
        { signal: stop.signal },
      ),
      outbox.listen(
        (message) => {
          handled.push(String(message));
          delivered();
        },
        { signal: stop.signal },
      ),
    ];
    await outbox.enqueue('delivery');
    await wasDelivered;
    expect(handled).toEqual(['create 1', 'delivery']);
    expect(await inbox.getDepth()).toMatchObject({ queued: 3 });
    // The delivery's row goes once its handler has returned, a moment after it was called.
    expect(await eventually(async () => (await outbox.getDepth()).queued === 0)).toBe(true);
    release();
    while (handled.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    await Promise.all(listening);
    expect(handled).toEqual(['create 1', 'delivery', 'create 2', 'create 3']);
    expect(await inbox.getDepth()).toMatchObject({ queued: 0 });
  });
});

describe('a remote person’s row', () => {
  const ana: RemotePerson = {
    actorUri: 'https://far.example/users/ana',
    username: 'ana@far.example',
    name: 'Ana Lifts',
    bio: 'Deadlifts on Sundays',
    avatarUrl: '',
    inboxUrl: 'https://far.example/users/ana/inbox',
    sharedInboxUrl: 'https://far.example/inbox',
    profileUrl: 'https://far.example/@ana',
  };
  const rowOf = (id: number) =>
    db.kysely
      .selectFrom('users')
      .select(['username', 'firstname', 'lastname', 'bio', 'locked_account', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('is written once for the same profile, named again by each activity, and again when it changes', async () => {
    const id = await upsertRemotePerson(db, ana);
    const first = await rowOf(id);
    expect(first).toMatchObject({ username: 'ana@far.example', firstname: 'Ana', lastname: 'Lifts' });
    // Named again by a later activity, with nothing changed: the same row, not written again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await upsertRemotePerson(db, ana)).toBe(id);
    expect(await rowOf(id)).toEqual(first);
    // Their profile changed: the row follows.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await upsertRemotePerson(db, { ...ana, bio: 'Squats too', locked: true })).toBe(id);
    const changed = await rowOf(id);
    expect(changed).toMatchObject({ bio: 'Squats too', locked_account: 1 });
    expect(changed.updated_at).not.toBe(first.updated_at);
  });
});
