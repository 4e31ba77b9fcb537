import { z } from 'zod';
import { totpCodePattern, twoFactor } from '../two-factor';
import { password } from './fields';

/** A code as typed at login or to turn two-factor sign-in off: a TOTP code or a recovery code. */
export const secondFactorCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .describe('The 6-digit code of the authenticator app, or one of the unused recovery codes');

/** GET /api/users/me/two-factor: whether logging in asks for a code. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/users/me/two-factor: a new key, not active until confirmed with a code it made. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('The key, base32 (RFC 4648), for typing into an authenticator app'),
  otpauthUrl: z
    .string()
    .describe(
      `The otpauth://totp/ link of the key (SHA-1, ${twoFactor.digits} digits, ${twoFactor.periodSeconds} s), for a QR code`,
    ),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(totpCodePattern, `must be the ${twoFactor.digits}-digit code from your authenticator app`),
});
export type ConfirmTwoFactorBody = z.infer<typeof confirmTwoFactorBodySchema>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(twoFactor.recoveryCodeCount),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The password and a code: a stolen token alone cannot turn the second factor off. */
export const disableTwoFactorBodySchema = z.object({ password, code: secondFactorCode });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;
