import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id (the library's default algorithm, checked by a test),
// 19 MiB of memory, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the username is unknown would go here if the spec let us hide which
 * usernames exist; it does not (404 'not Registered'), so there is nothing to equalise.
 */
