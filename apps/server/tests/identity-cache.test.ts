import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/eventually';
import { type QueryLog, recordQueries } from './helpers/query-log';
import { useTestApp } from './helpers/test-app';
import { postgresAdminUrl } from './helpers/test-db';

/**
 * Decision 055, on PostgreSQL whatever TEST_DB says: a server keeps the identities of the tokens it
 * has read while it hears the database's notices of their changes, and reads them again once a
 * notice comes, whoever made the change (here plain SQL, as another server or `npm run admin`
 * would). While it cannot hear them, every request reads the database.
 */
let log: QueryLog;
const t = useTestApp(
  {},
  {
    engine: 'postgres',
    wrapDb: (db) => {
      log = recordQueries(db);
      return log.db;
    },
  },
);

let admin: pg.Client;
/** The test database's name. */
let database: string;
beforeAll(async () => {
  const config = t().config.database;
  if (config.kind !== 'postgres') throw new Error('postgres expected');
  database = new URL(config.url).pathname.slice(1);
  admin = new pg.Client({ connectionString: config.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

const live = () => t().app.identities?.live === true;
const unreadCount = (token: string) => t().call('GET', '/api/notifications/unread-count', { token });
/** Whether the request just made read a token's session or user to know who asks. */
const readIdentity = () => log.take().some((query) => /from "sessions"|from "users"/.test(query.sql));

describe('identities kept between requests (PostgreSQL, decision 055)', () => {
  it('a token read once is not read again while nothing changed', async () => {
    expect(await eventually(live, 5_000)).toBe(true);
    const { token } = await t().signup('kept_once');
    log.take();
    expect((await unreadCount(token)).statusCode).toBe(200);
    expect(readIdentity()).toBe(true);
    expect((await unreadCount(token)).statusCode).toBe(200);
    expect(readIdentity()).toBe(false);
  });

  it('a session ended, a version raised or a role changed elsewhere holds once its notice arrives', async () => {
    const { token, userId } = await t().signup('changed_elsewhere');
    expect((await unreadCount(token)).statusCode).toBe(200);
    await admin.query(`update users set role = 'moderator' where public_id = $1`, [userId]);
    const role = async () => (await t().call('GET', '/api/users/me/role', { token })).json().role;
    expect(await eventually(async () => (await role()) === 'moderator')).toBe(true);

    await admin.query('delete from sessions where user_id = (select id from users where public_id = $1)', [userId]);
    expect(await eventually(async () => (await unreadCount(token)).statusCode === 401)).toBe(true);

    const again = await t().login('changed_elsewhere', 'correct horse battery');
    expect((await unreadCount(again.token)).statusCode).toBe(200);
    await admin.query('update users set token_version = token_version + 1 where public_id = $1', [userId]);
    expect(await eventually(async () => (await unreadCount(again.token)).statusCode === 401)).toBe(true);
  });

  it('a change rolled back says nothing: the kept identity stays in use', async () => {
    const { token, userId } = await t().signup('rolled_back');
    expect((await unreadCount(token)).statusCode).toBe(200);
    await admin.query('begin');
    await admin.query('update users set token_version = token_version + 1 where public_id = $1', [userId]);
    await admin.query('rollback');
    await new Promise((resolve) => setTimeout(resolve, 100));
    log.take();
    expect((await unreadCount(token)).statusCode).toBe(200);
    expect(readIdentity()).toBe(false);
  });

  it('a change made on this server holds at its next request, before the notice comes back', async () => {
    const { token } = await t().signup('logged_out_here');
    expect((await unreadCount(token)).statusCode).toBe(200);
    expect((await t().call('POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    expect((await unreadCount(token)).statusCode).toBe(401);
  });

  it('while the notices cannot be heard, every request reads the database; then they are heard again', async () => {
    const { token, userId } = await t().signup('listener_lost');
    expect((await unreadCount(token)).statusCode).toBe(200);
    // No new connection to the database until the end: the listener cannot come back meanwhile (the
    // app's pool keeps the connections it has open).
    const server = new pg.Client({ connectionString: postgresAdminUrl });
    await server.connect();
    await server.query(`alter database "${database}" allow_connections false`);
    try {
      const ended = await server.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and application_name = 'spotter identity listener'`,
        [database],
      );
      expect(ended.rowCount).toBe(1);
      expect(await eventually(() => !live(), 5_000)).toBe(true);
      await admin.query('update users set token_version = token_version + 1 where public_id = $1', [userId]);
      // No notice was heard, none waited for: the request reads the database and is refused at once.
      expect((await unreadCount(token)).statusCode).toBe(401);
    } finally {
      await server.query(`alter database "${database}" allow_connections true`);
      await server.end();
    }
    expect(await eventually(live, 15_000)).toBe(true);
    const again = await t().login('listener_lost', 'correct horse battery');
    expect((await unreadCount(again.token)).statusCode).toBe(200);
    log.take();
    expect((await unreadCount(again.token)).statusCode).toBe(200);
    expect(readIdentity()).toBe(false);
    await admin.query('update users set token_version = token_version + 1 where public_id = $1', [userId]);
    expect(await eventually(async () => (await unreadCount(again.token)).statusCode === 401)).toBe(true);
  }, 30_000);
});
