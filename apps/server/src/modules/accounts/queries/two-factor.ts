import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

export interface TwoFactorRow {
  secret: string;
  /** null while it is being set up */
  confirmed_at: string | null;
  last_step: number | null;
}

/** The person's key, confirmed or being set up; undefined when they have none. */
export const twoFactorOf = (db: Db, userId: Key): Promise<TwoFactorRow | undefined> =>
  db.kysely
    .selectFrom('two_factor')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * Stores a new key being set up, in place of an earlier one not yet confirmed. Never over a confirmed
 * one: false then (it was turned on meanwhile).
 */
export async function saveTwoFactorSetup(db: Db, userId: Key, sealedSecret: string): Promise<boolean> {
  const now = nowIso();
  const row = await db.kysely
    .insertInto('two_factor')
    .values({ user_id: userId, secret: sealedSecret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret: sealedSecret, last_step: null, created_at: now })
        .where('two_factor.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Turns the key being set up on, with the step of the code that confirmed it (spent), and replaces
 * the recovery codes, in one transaction. False when the key was confirmed meanwhile or is gone.
 */
export function confirmTwoFactor(db: Db, userId: Key, step: number, codeHashes: string[]): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('two_factor')
      .set({ confirmed_at: nowIso(), last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(codeHashes.map((hash) => ({ user_id: userId, code_sha256: hash, used_at: null })))
      .execute();
    return true;
  });
}

/**
 * Spends a step of the confirmed key: true only when no code of this step or a later one was
 * accepted before. One statement, so two requests with one code cannot both pass.
 */
export async function spendTotpStep(db: Db, userId: Key, step: number): Promise<boolean> {
  const spent = await db.kysely
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Spends an unused recovery code: true once per code, whoever asks at the same time. */
export async function spendRecoveryCode(db: Db, userId: Key, codeHash: string): Promise<boolean> {
  const spent = await db.kysely
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_sha256', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Turns two-factor sign-in off: the key and every recovery code go. */
export function removeTwoFactor(db: Db, userId: Key): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  });
}
