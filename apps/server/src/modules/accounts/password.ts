import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// OWASP Password Storage Cheat Sheet: argon2id (the library's default algorithm, checked by a test)
// with one of its five settings of equal defence. This one is 12 MiB, 3 iterations, 1 lane: the
// same CPU as 19 MiB x 2 and 7 MiB less memory per hash (decision 054).
const options = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;
const currentParameters = `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

// Each hash holds its memory while it runs and keeps one core busy. Running more at once than there
// are cores finishes none of them sooner and only adds memory (a burst of logins took the server past
// its memory target: docs/performance-log.md, "What was changed for scale"), so the rest wait their
// turn in order.
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
 * True when a stored hash was made with other settings than today's (an account from a release that
 * used 19 MiB): login, which holds the password, stores it hashed anew.
 */
export const needsRehash = (hashed: string) => !hashed.startsWith(currentParameters);

/**
 * A hash to verify against when the username is unknown would go here if the spec let us hide which
 * usernames exist; it does not (404 'not Registered'), so there is nothing to equalise.
 */
