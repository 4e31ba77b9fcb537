import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// OWASP Password Storage Cheat Sheet: argon2id (the library's default algorithm, checked by a test),
// 19 MiB of memory, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash holds 19 MiB while it runs and keeps one core busy. Running more at once than there are
// cores finishes none of them sooner and only adds memory (a burst of logins took the server past
// 250 MB: docs/performance.md), so the rest wait their turn in order.
const hashing = pLimit(availableParallelism());

export const hashPassword = (password: string) => hashing(() => hash(password, options));

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(hashed, password));
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the username is unknown would go here if the spec let us hide which
 * usernames exist; it does not (404 'not Registered'), so there is nothing to equalise.
 */
