import { exportJwk, generateCryptoKeyPair } from '@fedify/fedify';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import { importKeyJwk, type KeyPair } from '../key-pair';

/** RSA for Mastodon's HTTP Signatures, Ed25519 for Object Integrity Proofs: the order actors list them in. */
const algorithms = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/**
 * A local person's key pairs, made the first time anyone asks for them and kept (decision 084): the
 * public halves are on their actor, the private halves sign what the server sends as them.
 */
export async function keyPairsOf(db: Db, userId: Key): Promise<KeyPair[]> {
  const rows = await db.kysely
    .selectFrom('federation_keys')
    .select(['algorithm', 'private_jwk', 'public_jwk'])
    .where('user_id', '=', userId)
    .execute();
  const pairs: KeyPair[] = [];
  for (const algorithm of algorithms) {
    let row = rows.find((r) => r.algorithm === algorithm);
    if (!row) {
      const made = await generateCryptoKeyPair(algorithm);
      const fresh = {
        user_id: userId,
        algorithm,
        private_jwk: JSON.stringify(await exportJwk(made.privateKey)),
        public_jwk: JSON.stringify(await exportJwk(made.publicKey)),
        created_at: nowIso(),
      };
      // Two first requests at once: the first pair stored is everyone's.
      await db.kysely
        .insertInto('federation_keys')
        .values(fresh)
        .onConflict((oc) => oc.columns(['user_id', 'algorithm']).doNothing())
        .execute();
      row = await db.kysely
        .selectFrom('federation_keys')
        .select(['algorithm', 'private_jwk', 'public_jwk'])
        .where('user_id', '=', userId)
        .where('algorithm', '=', algorithm)
        .executeTakeFirstOrThrow();
    }
    pairs.push({
      privateKey: await importKeyJwk(JSON.parse(row.private_jwk), 'private'),
      publicKey: await importKeyJwk(JSON.parse(row.public_jwk), 'public'),
    });
  }
  return pairs;
}
