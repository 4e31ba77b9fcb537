import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type TokenClaims, type Tokens, tokenFromHeader } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The claims of the request's token, or null without a valid one. Verified the first time it is
     * asked for and remembered: the rate limits, the auth check and the handler share one check.
     */
    identity(): Promise<TokenClaims | null>;
    /** Whether the request's token is a genuine one past its expiry (asked only on a 401). */
    tokenExpired(): Promise<boolean>;
  }
}

/** Gives every request of `scope` its lazily verified identity. */
export function decorateIdentity(scope: FastifyInstance, tokens: Tokens) {
  const verified = new WeakMap<FastifyRequest, Promise<TokenClaims | null>>();
  scope.decorateRequest('identity', function identity(this: FastifyRequest) {
    let claims = verified.get(this);
    if (!claims) {
      const token = tokenFromHeader(this.headers.authorization);
      claims = token ? tokens.verify(token) : Promise.resolve(null);
      verified.set(this, claims);
    }
    return claims;
  });
  scope.decorateRequest('tokenExpired', function tokenExpired(this: FastifyRequest) {
    const token = tokenFromHeader(this.headers.authorization);
    return token ? tokens.expired(token) : Promise.resolve(false);
  });
}
