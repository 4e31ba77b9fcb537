import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const key = 'a-server-key-of-at-least-thirty-two-characters';
const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/**
 * The sealed text with one bit of its ciphertext changed. (Writing "AA" over its last two characters
 * changed nothing once in about a thousand runs, when their significant bits were zero already.)
 */
function withOneBitFlipped(sealed: string): string {
  const parts = sealed.split('.');
  const cipher = Buffer.from(parts.at(-1) ?? '', 'base64url');
  cipher[0] = (cipher[0] ?? 0) ^ 1;
  return [...parts.slice(0, -1), cipher.toString('base64url')].join('.');
}

describe('two-factor keys at rest', () => {
  it('with TWO_FACTOR_KEY, a key is stored sealed and opens again with that key for its owner', () => {
    const sealed = sealSecret(secret, key, 7);
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(secret, key, 7)).not.toBe(sealed);
    expect(openSecret(sealed, key, 7)).toBe(secret);
  });

  it('a sealed key does not open without the key, with another key, or on another account', () => {
    const sealed = sealSecret(secret, key, 7);
    expect(openSecret(sealed, undefined, 7)).toBeUndefined();
    expect(openSecret(sealed, `${key}-rotated`, 7)).toBeUndefined();
    expect(openSecret(sealed, key, 8)).toBeUndefined();
    expect(openSecret(withOneBitFlipped(sealed), key, 7)).toBeUndefined();
    expect(openSecret('sealed:v1:garbage', key, 7)).toBeUndefined();
  });

  it('without TWO_FACTOR_KEY, a key is stored as it is, and still read once a key is set', () => {
    expect(sealSecret(secret, undefined, 7)).toBe(secret);
    expect(openSecret(secret, undefined, 7)).toBe(secret);
    expect(openSecret(secret, key, 7)).toBe(secret);
  });
});
