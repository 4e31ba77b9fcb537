import type { Db } from '../../../db/database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import { type AccountRow, accountColumns } from '../../../db/schema';

/**
 * People's account columns by public id, in one statement (a page's authors: the Mastodon client API
 * answers each with its counts and bio, issue 50). In no order; ids with no row are left out. The
 * caller has already applied the visibility rule to what named them (a page of posts, a list).
 */
export async function usersByPublicIds(db: Db, publicIds: readonly string[]): Promise<AccountRow[]> {
  const unique = [...new Set(publicIds)];
  if (unique.length === 0) return [];
  return usersQuery(db, String(unique.length), listArgs('id', unique) as Record<string, unknown>);
}

const usersQuery = prepared((db: Db, args: Record<string, unknown>, count: string) =>
  db.kysely
    .selectFrom('users')
    .select(accountColumns)
    .where(oneOf(db, 'users.public_id', args, 'id', Number(count))),
);
