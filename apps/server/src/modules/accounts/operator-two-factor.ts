import type { Db } from '../../db/database';
import type { Key } from '../../db/schema/keys';
import { recordSecurityEvent } from './queries/security-log';
import { removeTwoFactor, twoFactorOf } from './queries/two-factor';

/**
 * Where the security log says the operator's change came from: no address, and these words where a
 * browser would be named ("Two-factor sign-in turned off · Unknown address · The server's operator").
 */
const operator = { ip: '', userAgent: 'The server’s operator (npm run admin)' };

/**
 * `npm run admin -- turn-off-2fa <username>`: someone who lost both their phone and their recovery
 * codes can log in with their password again (decision 071). The key and every recovery code go, as
 * when they turn it off themselves, and their security log says so. False when it was not on.
 */
export async function turnOffTwoFactorAsOperator(db: Db, userId: Key): Promise<boolean> {
  const row = await twoFactorOf(db, userId);
  if (!row) return false;
  await removeTwoFactor(db, userId);
  // A setup never confirmed was not on: nothing to tell.
  if (row.confirmed_at === null) return false;
  await recordSecurityEvent(db, userId, 'two-factor-disabled', operator);
  return true;
}
