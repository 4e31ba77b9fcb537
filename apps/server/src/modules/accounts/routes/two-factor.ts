import { twoFactorErrors } from '@spotter/contract';
import type { AppContext } from '../../../context';
import type { SignedInUser } from '../../../db/schema';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { verifyPassword } from '../password';
import { recordSecurityEvent } from '../queries/security-log';
import { confirmTwoFactor, removeTwoFactor, saveTwoFactorSetup, twoFactorOf } from '../queries/two-factor';
import { newRecoveryCodes, recoveryCodeHash } from '../recovery-codes';
import { signedInRow } from '../require-user';
import { spendSecondFactor } from '../second-factor';
import { openSecret, sealSecret } from '../secret-box';
import { sessionOrigin } from '../session-token';
import { acceptedStep, newTotpSecret, otpauthUrl } from '../totp';

/** The demo guest's account is everyone's: a second factor would lock the others out. */
function refuseDemoGuest(user: SignedInUser) {
  if (isDemoGuest(user.public_id)) throw new HttpError(403, [twoFactorErrors.demoGuest]);
}

const isOn = async (ctx: AppContext, user: SignedInUser) => (await twoFactorOf(ctx.db, user.id))?.confirmed_at != null;

export const twoFactorStatus: Handler<'twoFactorStatus'> = async ({ user }, ctx) => ({
  enabled: await isOn(ctx, user),
});

/**
 * A new key, answered this once (and again by a new setup, which replaces it) until it is confirmed;
 * never after. While it is on, a new setup is refused: turning it off asks for a code first.
 */
export const startTwoFactor: Handler<'startTwoFactor'> = async ({ user }, ctx) => {
  refuseDemoGuest(user);
  const secret = newTotpSecret();
  if (!(await saveTwoFactorSetup(ctx.db, user.id, sealSecret(secret, ctx.config.twoFactorKey, user.id)))) {
    throw new HttpError(409, [twoFactorErrors.alreadyOn]);
  }
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
};

/** A code of the new key turns it on (that code is spent) and answers ten recovery codes, shown only now. */
export const confirmTwoFactorRoute: Handler<'confirmTwoFactor'> = async ({ body, user, request }, ctx) => {
  refuseDemoGuest(user);
  const row = await twoFactorOf(ctx.db, user.id);
  if (!row) throw new HttpError(409, [twoFactorErrors.notStarted]);
  if (row.confirmed_at !== null) throw new HttpError(409, [twoFactorErrors.alreadyOn]);
  const secret = openSecret(row.secret, ctx.config.twoFactorKey, user.id);
  const step = secret === undefined ? undefined : acceptedStep(secret, body.code, Date.now());
  if (step === undefined) throw new HttpError(400, [twoFactorErrors.codeWrong]);
  const recoveryCodes = newRecoveryCodes();
  const hashes = recoveryCodes.map((code) => recoveryCodeHash(code) as string);
  if (!(await confirmTwoFactor(ctx.db, user.id, step, hashes))) throw new HttpError(409, [twoFactorErrors.alreadyOn]);
  await recordSecurityEvent(ctx.db, user.id, 'two-factor-enabled', sessionOrigin(request));
  return { recoveryCodes };
};

/** The password and a code (or a recovery code): a stolen token alone cannot turn it off. */
export const disableTwoFactor: Handler<'disableTwoFactor'> = async ({ body, user, request }, ctx) => {
  const row = await twoFactorOf(ctx.db, user.id);
  if (!row || row.confirmed_at === null) throw new HttpError(409, [twoFactorErrors.notOn]);
  const origin = sessionOrigin(request);
  if (!(await verifyPassword((await signedInRow(ctx.db, user)).password_hash, body.password))) {
    throw new HttpError(400, [twoFactorErrors.wrongPassword]);
  }
  if ((await spendSecondFactor(ctx, user.id, row, body.code, request.log)) === undefined) {
    await recordSecurityEvent(ctx.db, user.id, 'two-factor-failed', origin);
    throw new HttpError(400, [twoFactorErrors.codeWrong]);
  }
  await removeTwoFactor(ctx.db, user.id);
  await recordSecurityEvent(ctx.db, user.id, 'two-factor-disabled', origin);
  return { enabled: false };
};
