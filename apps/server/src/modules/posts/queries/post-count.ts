import type { Db } from '../../../db/database';

/** How many posts this server holds, removed ones aside (the client API's instance statistics, issue 50). */
export async function countPosts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
