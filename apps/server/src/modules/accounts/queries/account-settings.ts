import type { AccountSettings } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';

/** A person's account settings: columns of their user row (migration 050). */
export async function accountSettingsOf(db: Db, userId: Key): Promise<AccountSettings> {
  const row = await db.kysely
    .selectFrom('users')
    .select('default_visibility')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { defaultVisibility: row.default_visibility };
}

export async function saveAccountSettings(db: Db, userId: Key, settings: AccountSettings): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ default_visibility: settings.defaultVisibility })
    .where('id', '=', userId)
    .execute();
}
