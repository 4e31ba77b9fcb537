import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from '../private-files';

/**
 * The signing secret: JWT_SECRET when set; otherwise one generated at first start and kept in
 * DATA_DIR/jwt-secret (mode 0600), so tokens outlive a restart without any set-up.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  makePrivateDir(dataDir);
  try {
    // 'wx' fails if the file exists, so two processes starting at once cannot overwrite each other.
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one.`);
  return new TextEncoder().encode(secret);
}
