import { webcrypto } from 'node:crypto';

/** A key pair as Web Crypto makes it (Fedify's `CryptoKeyPair`; the server's types have no DOM library). */
export interface KeyPair {
  privateKey: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
}

/**
 * A stored JWK as a key Fedify signs and verifies with, as Fedify's own `importJwk` does, which on
 * Node 20 fails for Ed25519 (it reads a global `navigator`, which Node has only from 21 on).
 */
export function importKeyJwk(jwk: webcrypto.JsonWebKey, type: 'public' | 'private'): Promise<webcrypto.CryptoKey> {
  const usages: webcrypto.KeyUsage[] = type === 'public' ? ['verify'] : ['sign'];
  if (jwk.kty === 'RSA') {
    return webcrypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, usages);
  }
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519')
    return webcrypto.subtle.importKey('jwk', jwk, 'Ed25519', true, usages);
  throw new TypeError(`A ${jwk.kty} key cannot be imported.`);
}
