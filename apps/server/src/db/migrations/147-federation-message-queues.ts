import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Fedify's queued work in two queues (decision 107): `inbox` (activities received, to be handled) and
 * `outbox` (deliveries out and their fan-out), each worked by its own listener, so a post's deliveries
 * never wait behind a backlog of received activities. What was queued before goes to the queue its
 * message names (Fedify's `type`: inbox, outbox or fanout).
 */
export function federationMessageQueues(kind: DialectKind) {
  const typeOf = kind === 'postgres' ? `(message::json ->> 'type')` : `json_extract(message, '$.type')`;
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table federation_messages add column queue text not null default 'outbox'`.execute(db);
      await sql.raw(`update federation_messages set queue = 'inbox' where ${typeOf} = 'inbox'`).execute(db);
      await sql`drop index federation_messages_due`.execute(db);
      await sql`create index federation_messages_due on federation_messages (queue, deliver_at, id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index federation_messages_due`.execute(db);
      await sql`create index federation_messages_due on federation_messages (deliver_at, id)`.execute(db);
      await sql`alter table federation_messages drop column queue`.execute(db);
    },
  };
}
