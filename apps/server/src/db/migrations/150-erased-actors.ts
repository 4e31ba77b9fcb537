import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Erased local people, as their actor and profile URLs need to answer `410 Gone` (issue 49,
 * decision 110): Mastodon and others remove an account whose actor answers 410, and keep retrying
 * one that answers 404. Nothing of the person is kept in clear: the SHA-256 of their public id (the
 * actor URL's last segment) and of their username (as `username_key`, lowercased), so a row can only
 * be found by someone who already holds that URL. The username stays free for anyone to take.
 */
export function erasedActors(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table erased_actors (
            actor_digest text primary key,
            username_digest text not null,
            erased_at ${ts} not null)`,
        )
        .execute(db);
      await db.schema.createIndex('erased_actors_username').on('erased_actors').column('username_digest').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('erased_actors').execute();
    },
  };
}
