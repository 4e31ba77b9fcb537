import { twoFactor } from '@spotter/contract';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, what every authenticator app
 * reads from an otpauth:// link. Pure: the time is a parameter, so the RFC's test vectors pin it.
 */
const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: twoFactor.issuer,
    label,
    algorithm: twoFactor.algorithm,
    digits: twoFactor.digits,
    period: twoFactor.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new key: 160 random bits (RFC 4226's recommended length for HMAC-SHA-1), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The link an authenticator app reads from a QR code: otpauth://totp/Spotter:<username>?secret=... */
export const otpauthUrl = (secret: string, username: string): string => totpOf(secret, username).toString();

/** The code of a key at a moment (tests and the e2e journey make codes with it). */
export const totpCode = (secret: string, atMs: number): string => totpOf(secret).generate({ timestamp: atMs });

/**
 * The 30-second step a code belongs to, when it is a code of this key for the step of `atMs` or one
 * step either side; else undefined. The caller refuses a step already used (a code works once).
 */
export function acceptedStep(secret: string, code: string, atMs: number): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d+$/.test(token) || token.length !== twoFactor.digits) return undefined;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: twoFactor.algorithm,
    digits: twoFactor.digits,
    period: twoFactor.periodSeconds,
    timestamp: atMs,
    window: twoFactor.window,
  });
  if (delta === null) return undefined;
  return TOTP.counter({ period: twoFactor.periodSeconds, timestamp: atMs }) + delta;
}
