import type { Db } from '../../../db/database';

/** How many accounts this server has, suspended ones aside (the client API's instance statistics, issue 50). */
export async function countMembers(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('suspended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
