import crypto from 'node:crypto';

/**
 * Two-factor keys at rest (issue 45). With TWO_FACTOR_KEY, each key is sealed with AES-256-GCM
 * (node's crypto) under a key derived from it by HKDF-SHA-256, bound to its owner's row, so a dump of
 * the database alone cannot make codes and a sealed key copied onto another account does not open.
 * Without TWO_FACTOR_KEY, keys are stored as they are (a base32 text never starts with `sealed:`).
 */
const prefix = 'sealed:v1:';
const authTagLength = 16;

const derive = (serverKey: string) =>
  Buffer.from(crypto.hkdfSync('sha256', serverKey, 'spotter', 'two-factor key at rest', 32));

export function sealSecret(secret: string, serverKey: string | undefined, owner: number): string {
  if (serverKey === undefined) return secret;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', derive(serverKey), iv, { authTagLength });
  cipher.setAAD(Buffer.from(`user:${owner}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${prefix}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
}

/**
 * The key as stored, opened; undefined when it is sealed and cannot be opened here (TWO_FACTOR_KEY
 * unset or changed): its codes then fail, and its owner logs in with a recovery code.
 */
export function openSecret(stored: string, serverKey: string | undefined, owner: number): string | undefined {
  if (!stored.startsWith(prefix)) return stored;
  if (serverKey === undefined) return undefined;
  const [iv, tag, sealed] = stored
    .slice(prefix.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', derive(serverKey), iv, { authTagLength });
    decipher.setAAD(Buffer.from(`user:${owner}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
