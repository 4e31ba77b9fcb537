import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';
import { rebuiltIndex } from './rebuilt-index';

const timelineIndex = 'home_timeline_viewer_created_at';

/**
 * Boosts (a federated `Announce`, issue 49; docs/decisions/100-boosts-as-home-timeline-entries.md).
 * `boosts` is what remote people boosted, one row per booster and post, named by the Announce's id so
 * that its Undo finds it. A boost reaches a Home feed as the timeline entry of the post itself, at
 * the boost's time and naming the booster (`home_timeline.boosted_by`, null for every other entry):
 * the feed reads no other table, and a post two people boosted is one entry. The timeline's covering
 * index gains the column so that a page still reads its entries from the index alone (migration 080).
 */
export function boosts(kind: DialectKind) {
  const ref = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('boosts')
        .addColumn('booster_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('post_id', ref, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('activity_uri', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', kind === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('boosts_pk', ['booster_id', 'post_id'])
        .execute();
      await db.schema.createIndex('boosts_post').on('boosts').column('post_id').execute();
      await boostEntries(kind).up(db);
    },
    async down(db: Kysely<unknown>) {
      await boostEntries(kind).down(db);
      await db.schema.dropTable('boosts').execute();
    },
  };
}

/** The timeline's index with the booster beside each entry's post, for a page read from the index alone. */
export const homeTimelineIndexWithBoosts = () =>
  rebuiltIndex(timelineIndex, 'home_timeline', ['viewer_id', 'created_at'], ['post_id', 'boosted_by']);

/** `home_timeline.boosted_by` and the index holding it (also after migration 007 made the table again, in tests). */
export function boostEntries(kind: DialectKind) {
  const ref = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table home_timeline add column boosted_by ${sql.raw(ref)} references users(id) on delete cascade`.execute(
        db,
      );
      await homeTimelineIndexWithBoosts().up(db);
    },
    async down(db: Kysely<unknown>) {
      // Back to migration 080's index; boost entries leave the timelines (what stays is what fan-out wrote).
      await rebuiltIndex(timelineIndex, 'home_timeline', ['viewer_id', 'created_at'], ['post_id']).up(db);
      await sql`delete from home_timeline where boosted_by is not null`.execute(db);
      // SQLite cannot drop a column a foreign key names: there it stays, null everywhere, unread.
      if (kind === 'postgres') await db.schema.alterTable('home_timeline').dropColumn('boosted_by').execute();
    },
  };
}
