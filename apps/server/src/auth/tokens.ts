import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export interface TokenClaims {
  _id: string;
  username: string;
  /** The user's token_version when the token was issued. */
  ver: number;
  /**
   * The token's session (its `jti`, a row of `sessions`). Absent only in tokens signed before
   * migration 011, which live until they expire and end with the next token-version bump.
   */
  sid?: string;
}

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for an expired, tampered, unsigned or foreign one. */
  verify(token: string): Promise<TokenClaims | null>;
  /** Whether a token verify refused is one this server signed that has since expired (issue 47, item 3). */
  expired(token: string): Promise<boolean>;
}

/** How many verified tokens a process remembers, and for how long (issue 13, item 4: cheap identity). */
export const verifiedTokenCache = { max: 10_000, ttlMs: 60_000 } as const;

interface Verified {
  claims: TokenClaims;
  /** the token's own expiry, in ms: a cached token is never used past it */
  expiresAt: number;
}

export function createTokens(secret: Uint8Array, ttlSeconds: number): Tokens {
  // Imported once: given the raw bytes, jose imports them into a CryptoKey on every call, a share of a
  // signed-in page's CPU worth keeping (docs/performance-log.md, "What was changed for scale").
  const key = crypto.subtle.importKey('raw', Uint8Array.from(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // Only the signature check is cached, keyed by the whole token: whether its session still exists
  // and its version is still the user's is read from the database on every request (require-user.ts),
  // so a revocation holds at once, on every server (docs/decisions/016-sessions-and-token-cache.md).
  const cache = new LRUCache<string, Verified>({ max: verifiedTokenCache.max, ttl: verifiedTokenCache.ttlMs });
  return {
    sign: async (claims) => {
      const jwt = new SignJWT({ _id: claims._id, username: claims.username, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
      if (claims.sid) jwt.setJti(claims.sid);
      return jwt.sign(await key);
    },
    async verify(token) {
      const hit = cache.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit.claims;
        cache.delete(token);
        return null;
      }
      try {
        // Only HS256: `alg: none` and every other algorithm are refused by jose here.
        // A token without an expiry would be valid forever: every token Spotter signs has one.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        const { _id, username, ver, jti, exp } = payload;
        if (typeof _id !== 'string' || typeof username !== 'string' || !Number.isInteger(ver)) return null;
        if (jti !== undefined && (typeof jti !== 'string' || jti === '')) return null;
        const claims: TokenClaims = { _id, username, ver: ver as number, ...(jti ? { sid: jti } : {}) };
        cache.set(token, { claims, expiresAt: (exp as number) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
    async expired(token) {
      try {
        await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        return false;
      } catch (error) {
        // jose checks the signature before the claims: an expired token here is a genuine one, and
        // one with the claims Spotter signs was valid once (not a test's or an attacker's shape).
        if (!(error instanceof errors.JWTExpired)) return false;
        const { _id, ver } = error.payload;
        return typeof _id === 'string' && Number.isInteger(ver);
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
