import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, otpauthUrl, totpCode } from './totp';

/** RFC 6238, Appendix B: the SHA-1 key is the ASCII of "12345678901234567890". */
const rfcKey = Secret.fromUTF8('12345678901234567890').base32;
/** Appendix B's SHA-1 rows: the time in seconds and the 8-digit TOTP. */
const rfcVectors = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
] as const;

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it('the library gives the RFC’s 8-digit SHA-1 test vectors', () => {
    expect(rfcKey).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, expected] of rfcVectors) {
      const totp = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: Secret.fromBase32(rfcKey) });
      expect(totp.generate({ timestamp: seconds * 1000 }), `T=${seconds}`).toBe(expected);
    }
  });

  it('Spotter’s 6-digit codes are the vectors’ last six digits (the same HOTP value, mod 10^6)', () => {
    for (const [seconds, expected] of rfcVectors) {
      expect(totpCode(rfcKey, seconds * 1000), `T=${seconds}`).toBe(expected.slice(-6));
    }
  });

  it('accepts a vector’s code in its step and one step either side, with its own step; not two steps off', () => {
    for (const [seconds, expected] of rfcVectors) {
      const code = expected.slice(-6);
      const at = seconds * 1000;
      const step = Math.floor(seconds / 30);
      expect(acceptedStep(rfcKey, code, at)).toBe(step);
      expect(acceptedStep(rfcKey, code, at + 30_000)).toBe(step);
      expect(acceptedStep(rfcKey, code, at - 30_000)).toBe(step);
      expect(acceptedStep(rfcKey, code, at + 60_000)).toBeUndefined();
      expect(acceptedStep(rfcKey, code, at - 60_000)).toBeUndefined();
    }
  });

  it('takes a code as apps show it ("123 456"), refuses anything else', () => {
    const at = 1111111111 * 1000;
    expect(acceptedStep(rfcKey, '050 471', at)).toBe(Math.floor(1111111111 / 30));
    for (const wrong of ['050472', '14050471', '05047', 'abcdef', '', '050471 '.repeat(2)]) {
      expect(acceptedStep(rfcKey, wrong, at), wrong).toBeUndefined();
    }
  });

  it('a new key is 160 random bits in base32, never the same twice', () => {
    const keys = new Set(Array.from({ length: 50 }, newTotpSecret));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('the otpauth:// link names Spotter, the person, and the RFC’s defaults that apps assume', () => {
    const link = otpauthUrl(rfcKey, 'maya_lifts');
    expect(link.startsWith('otpauth://totp/Spotter:maya_lifts?')).toBe(true);
    const url = new URL(link);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Spotter',
      secret: rfcKey,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
