import type { Db } from '../../../db/database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import { type AccountRow, accountColumns } from '../../../db/schema';

/** A person's Account columns with the version of their row (raised by every update of it, migration 043). */
export type VersionedAccountRow = AccountRow & { row_version: number };

/**
 * People's Account columns and row versions by public id, in one statement: a page's authors whose
 * Accounts are not kept at the version the page read (status-json.ts). In no order; ids with no row
 * are left out. The caller has applied the visibility rule to what named them.
 */
export async function versionedAccounts(db: Db, publicIds: readonly string[]): Promise<VersionedAccountRow[]> {
  const unique = [...new Set(publicIds)];
  if (unique.length === 0) return [];
  return accountsQuery(db, String(unique.length), listArgs('id', unique) as Record<string, unknown>);
}

const accountsQuery = prepared((db: Db, args: Record<string, unknown>, count: string) =>
  db.kysely
    .selectFrom('users')
    .select([...accountColumns, 'row_version'])
    .where(oneOf(db, 'users.public_id', args, 'id', Number(count))),
);
