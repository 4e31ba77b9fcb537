import { type Kysely, sql } from 'kysely';

/**
 * Issue 45, finding 4: a person who keeps their records private (`show_records = 0`) shows no best
 * set and no record badge on the cards of their workout posts (decision 067). Cards are written with
 * the setting from now on; this rewrites the summaries written before it, in the stored JSON itself
 * (the card's shape: `exercises[].bestSet`, `records`). The row update raises each post's row version,
 * so no server keeps the old card. Nothing to undo: a summary rewritten with records comes from the
 * workout again at its next change, and showing records again rewrites them all.
 */
export function privateRecordsOnCards() {
  return {
    async up(db: Kysely<unknown>) {
      const rows = await sql<{ id: number | string; workout_summary: string }>`select p.id, p.workout_summary
        from posts p join training_settings ts on ts.user_id = p.author_id
        where ts.show_records = 0 and p.workout_summary is not null`.execute(db);
      for (const row of rows.rows) {
        const summary = JSON.parse(row.workout_summary) as { exercises?: { bestSet?: unknown }[]; records?: unknown };
        const hidden = {
          ...summary,
          exercises: (summary.exercises ?? []).map((e) => ({ ...e, bestSet: null })),
          records: [],
        };
        await sql`update posts set workout_summary = ${JSON.stringify(hidden)} where id = ${row.id}`.execute(db);
      }
    },
    async down() {},
  };
}
