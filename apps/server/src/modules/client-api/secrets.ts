import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret, code or token: 256 random bits, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256, hex. The secrets are random 256-bit values, so no salt or slow hash is needed. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Compares two strings in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 7636 4.6: BASE64URL(SHA256(code_verifier)) equals the S256 challenge; a verifier is 43-128 unreserved characters. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return sameText(createHash('sha256').update(verifier).digest('base64url'), challenge);
}
