import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  _id: string;
  username: string;
  /** The user's token_version when the token was issued. */
  ver: number;
}

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for an expired, tampered, unsigned or foreign one. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokens(secret: Uint8Array, ttlSeconds: number): Tokens {
  // Imported once: given the raw bytes, jose imports them into a CryptoKey on every call, which cost
  // about a tenth of a signed-in page (measured with node --cpu-prof, see docs/performance.md).
  const key = crypto.subtle.importKey('raw', Uint8Array.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    sign: async (claims) =>
      new SignJWT({ _id: claims._id, username: claims.username, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    async verify(token) {
      try {
        // Only HS256: `alg: none` and every other algorithm are refused by jose here.
        // A token without an expiry would be valid forever: every token Spotter signs has one.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        const { _id, username, ver } = payload;
        if (typeof _id !== 'string' || typeof username !== 'string' || !Number.isInteger(ver)) return null;
        return { _id, username, ver: ver as number };
      } catch {
        return null;
      }
    },
  };
}

/** The spec sends the token raw in `authorization`; `Bearer <token>` is accepted too. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const raw = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = raw.trim();
  return token === '' ? null : token;
}
