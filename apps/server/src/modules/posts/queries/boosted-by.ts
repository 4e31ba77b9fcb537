import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { summaryColumns, toUserSummary } from '../../accounts';
import type { Page } from './feeds';

/** A Home page's row: its post, and the booster when the entry is a boost's (migration 141). */
export type BoostedRow = { public_id: string; boosted_by: Key | null };

/**
 * The page's cards with `boostedBy` where the entry is a boost's. A page without one (every viewer
 * who follows nobody who boosts) is answered as it is, with no statement more.
 */
export async function withBoosters(db: Db, rows: readonly BoostedRow[], page: Page): Promise<Page> {
  const boosterOf = new Map<string, number>();
  for (const row of rows) if (row.boosted_by !== null) boosterOf.set(row.public_id, Number(row.boosted_by));
  if (boosterOf.size === 0) return page;
  const people = await db.kysely
    .selectFrom('users')
    .select(summaryColumns)
    .where('users.id', 'in', [...new Set(boosterOf.values())])
    .execute();
  const summaries = new Map(people.map((person) => [Number(person.id), toUserSummary(person)]));
  return {
    ...page,
    posts: page.posts.map((post) => {
      const booster = summaries.get(boosterOf.get(post._id) ?? -1);
      return booster ? { ...post, boostedBy: booster } : post;
    }),
  };
}
