import crypto from 'node:crypto';
import { twoFactor } from '@spotter/contract';

/** RFC 4648's base32 alphabet in lower case: no 0/o, 1/l or 8/b to mix up when typing a code. */
const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 characters of 5 bits: 80 random bits, beyond guessing a hash back even from a stolen database. */
const codeLength = 16;

/** Ten new codes, shown once as `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: twoFactor.recoveryCodeCount }, () => {
    const chars = Array.from({ length: codeLength }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/**
 * What is stored of a code: the SHA-256 of its characters (letter case, spaces and dashes as typed
 * do not matter). A plain hash is enough for 80 random bits; a slow one would only slow each login.
 * Undefined for text that cannot be a recovery code.
 */
export function recoveryCodeHash(typed: string): string | undefined {
  const chars = typed.toLowerCase().replace(/[\s-]/g, '');
  if (chars.length !== codeLength || [...chars].some((c) => !alphabet.includes(c))) return undefined;
  return crypto.createHash('sha256').update(chars).digest('hex');
}
