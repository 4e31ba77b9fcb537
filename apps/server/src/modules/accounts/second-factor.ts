import { totpCodePattern, twoFactorErrors } from '@spotter/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { HttpError } from '../../errors';
import { recordSecurityEvent } from './queries/security-log';
import { spendRecoveryCode, spendTotpStep, type TwoFactorRow, twoFactorOf } from './queries/two-factor';
import { recoveryCodeHash } from './recovery-codes';
import { openSecret } from './secret-box';
import { sessionOrigin } from './session-token';
import { acceptedStep } from './totp';

/** Which kind of code was accepted, or undefined for a wrong, expired or already used one. */
export type SecondFactor = 'totp' | 'recovery-code' | undefined;

/**
 * Checks a code typed at login or to turn two-factor sign-in off against the person's confirmed key:
 * a TOTP code of the current step or one either side that is newer than the last one accepted, or an
 * unused recovery code. An accepted code is spent at once.
 */
export async function spendSecondFactor(
  ctx: AppContext,
  userId: Key,
  row: TwoFactorRow,
  code: string,
  log: FastifyBaseLogger,
): Promise<SecondFactor> {
  if (totpCodePattern.test(code)) {
    const secret = openSecret(row.secret, ctx.config.twoFactorKey, userId);
    if (secret === undefined) {
      // Never the key itself in a log line: only that it could not be opened here.
      log.warn({ userId }, 'a two-factor key cannot be opened: TWO_FACTOR_KEY is unset or changed');
      return undefined;
    }
    const step = acceptedStep(secret, code, Date.now());
    return step !== undefined && (await spendTotpStep(ctx.db, userId, step)) ? 'totp' : undefined;
  }
  const hash = recoveryCodeHash(code);
  return hash !== undefined && (await spendRecoveryCode(ctx.db, userId, hash)) ? 'recovery-code' : undefined;
}

/**
 * Login's second step, after the right password: an account with two-factor sign-in on needs a code.
 * Without one: 401 with `twoFactorRequired` (the client asks for it); a wrong one: 401 too, written to
 * the security log. Each attempt is a login, so wrong codes spend the login budgets (rate-limits.ts).
 */
export async function requireSecondFactor(
  ctx: AppContext,
  userId: Key,
  code: string | undefined,
  request: FastifyRequest,
): Promise<void> {
  const row = await twoFactorOf(ctx.db, userId);
  if (!row || row.confirmed_at === null) return;
  if (code === undefined) {
    throw new HttpError(401, [twoFactorErrors.codeRequired], {}, { twoFactorRequired: true });
  }
  const origin = sessionOrigin(request);
  const accepted = await spendSecondFactor(ctx, userId, row, code, request.log);
  if (accepted === undefined) {
    await recordSecurityEvent(ctx.db, userId, 'two-factor-failed', origin);
    throw new HttpError(401, [twoFactorErrors.codeWrong], {}, { twoFactorRequired: true });
  }
  if (accepted === 'recovery-code') await recordSecurityEvent(ctx.db, userId, 'recovery-code-used', origin);
}
