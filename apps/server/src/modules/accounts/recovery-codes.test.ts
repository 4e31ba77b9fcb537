import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes of 16 base32 characters (80 bits), in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  });

  it('are stored as a hash that does not depend on letter case, spaces or dashes', () => {
    const [code = ''] = newRecoveryCodes();
    const hash = recoveryCodeHash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.replaceAll('-', ''));
    expect(recoveryCodeHash(code.toUpperCase())).toBe(hash);
    expect(recoveryCodeHash(code.replaceAll('-', ' '))).toBe(hash);
    expect(recoveryCodeHash(code.replaceAll('-', ''))).toBe(hash);
  });

  it('text that cannot be a code has no hash', () => {
    for (const wrong of ['', 'abcd-efgh-ijkl', 'abcd-efgh-ijkl-mno1', 'abcd-efgh-ijkl-mnop-q', '123456']) {
      expect(recoveryCodeHash(wrong), wrong).toBeUndefined();
    }
  });
});
