import type { webcrypto } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { exportJwk, generateCryptoKeyPair } from '@fedify/fedify';
import { Application, Endpoints } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { importKeyJwk, type KeyPair } from './key-pair';
import { DatabaseKvStore } from './kv-store';

/**
 * The server's own actor (an `Application` at `/ap/users/instance`; people's ids are UUIDs, so the
 * name is free): it signs the GETs the server makes without a person behind them, such as fetching
 * the author of a delivery to the shared inbox, from servers that refuse unsigned GETs
 * ("authorized fetch", as Mastodon's secure mode and GoToSocial do).
 */
export const instanceIdentifier = 'instance';

const keysKey = ['spotter', 'instance-keys'] as const;

interface StoredPair {
  privateJwk: webcrypto.JsonWebKey;
  publicJwk: webcrypto.JsonWebKey;
}

/**
 * Its RSA key pair, made the first time it is needed and kept in the key-value store. The imported
 * pair is kept in memory for each database: every signed GET (the author of each delivery to the
 * shared inbox, fetched under authorized fetch) asks for it, and reading and importing it again each
 * time was a store read and two key imports a delivery. Nothing changes the stored pair once made.
 */
export function instanceKeyPairs(db: Db): Promise<KeyPair[]> {
  let pairs = importedPairs.get(db);
  if (!pairs) {
    pairs = storedInstanceKeyPairs(db);
    importedPairs.set(db, pairs);
    // A failed read is not kept: the next caller tries again.
    pairs.catch(() => importedPairs.delete(db));
  }
  return pairs;
}

const importedPairs = new WeakMap<Db, Promise<KeyPair[]>>();

async function storedInstanceKeyPairs(db: Db): Promise<KeyPair[]> {
  const kv = new DatabaseKvStore(db);
  let stored = await kv.get<StoredPair>(keysKey);
  if (!stored) {
    const made = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const fresh = { privateJwk: await exportJwk(made.privateKey), publicJwk: await exportJwk(made.publicKey) };
    // Two servers making it at once: the first stored is everyone's.
    await kv.cas(keysKey, undefined, fresh);
    stored = (await kv.get<StoredPair>(keysKey)) ?? fresh;
  }
  return [
    {
      privateKey: await importKeyJwk(stored.privateJwk, 'private'),
      publicKey: await importKeyJwk(stored.publicJwk, 'public'),
    },
  ];
}

export async function instanceActor(ctx: Context<AppContext>) {
  const keys = await ctx.getActorKeyPairs(instanceIdentifier);
  return new Application({
    id: ctx.getActorUri(instanceIdentifier),
    preferredUsername: ctx.host,
    name: 'Spotter',
    inbox: ctx.getInboxUri(instanceIdentifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: true,
  });
}

/** Who signs the GETs made for a delivery to the shared inbox (Fedify's shared key dispatcher). */
export const instanceSigner = () => ({ identifier: instanceIdentifier });
