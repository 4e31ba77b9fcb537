import type { AccountSettings } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';

/** A person's account settings: columns of their user row (migrations 050 and 133). */
export async function accountSettingsOf(db: Db, userId: Key): Promise<AccountSettings> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['default_visibility', 'locked_account'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { defaultVisibility: row.default_visibility, lockedAccount: row.locked_account === 1 };
}

export async function saveAccountSettings(db: Db, userId: Key, settings: AccountSettings): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ default_visibility: settings.defaultVisibility, locked_account: settings.lockedAccount ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
