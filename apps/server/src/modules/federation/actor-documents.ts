import type { Context, KvKey } from '@fedify/fedify';
import type { DocumentLoader, RemoteDocument } from '@fedify/vocab-runtime';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { DatabaseKvStore } from './kv-store';
import { Temporal } from './temporal';

/**
 * The actors of received activities, kept for a while (decision 113). Fedify caches what its plain
 * document loader fetches (five minutes, in the key-value store), but not what it fetches signed, and
 * every received activity is handled with a signed loader (the shared inbox's signer is the instance
 * actor): each `Create`, `Like` or `Announce` fetched its actor's document again, a signed GET to
 * their server, 15–20 ms of a received Create's 18–23 (performance-log.md, "The inbox's front
 * door"), and one request to their server for every activity they sent. Actors are public
 * documents, the same whoever asks; other objects (a followers-only Note) may be shown only to the
 * signer, so they are not kept. Fedify refuses a signed loader of our own beside the options it
 * needs (`allowPrivateAddress`, `userAgent`), so the listeners ask for this one where they fetch an
 * actor.
 */
const keptFor = Temporal.Duration.from({ minutes: 5 });
const prefix = ['spotter', 'signed-actor-document'] as const;
const actorTypes = new Set(['Person', 'Service', 'Application', 'Group', 'Organization']);

const isActorDocument = (document: unknown): boolean => {
  const type = (document as { type?: unknown } | null)?.type;
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && actorTypes.has(t));
};

/**
 * An actor's document (only those are kept) as the listeners read it: who they are, without their
 * keys. Reading an actor imports each key it embeds (a PEM parsed and imported, about a tenth of a
 * received Create's CPU), and no listener uses them: signatures are checked by Fedify, with the keys
 * it fetches and keeps itself.
 */
function withoutKeys(remote: RemoteDocument): RemoteDocument {
  const document = remote.document as Record<string, unknown>;
  if (!('publicKey' in document || 'assertionMethod' in document)) return remote;
  const { publicKey: _publicKey, assertionMethod: _assertionMethod, ...profile } = document;
  return { ...remote, document: profile };
}

/** Where the document of an actor (or of its key, `actor#main-key`) is kept. */
const keyOf = (url: string): KvKey => [...prefix, url];

/**
 * The loaders to fetch an activity's actor with (`activity.getActor(keptActors(ctx))`): the
 * context's own, signed or not, with the actor documents it fetches kept in the key-value store.
 */
export function keptActors(ctx: Context<AppContext>): {
  documentLoader: DocumentLoader;
  contextLoader: DocumentLoader;
} {
  const kv = new DatabaseKvStore(ctx.data.db);
  const fetch = ctx.documentLoader;
  return {
    contextLoader: ctx.contextLoader,
    documentLoader: async (url, options) => {
      const kept = await kv.get<RemoteDocument>(keyOf(url));
      if (kept) return withoutKeys(kept);
      const fetched = await fetch(url, options);
      if (!isActorDocument(fetched.document)) return fetched;
      await kv.set(keyOf(url), fetched, { ttl: keptFor });
      return withoutKeys(fetched);
    },
  };
}

/** An actor's kept documents go when they tell of a change (`Update` of themselves) or leave. */
export async function forgetActorDocument(db: Db, actorId: URL): Promise<void> {
  const kv = new DatabaseKvStore(db);
  const withoutFragment = new URL(actorId.href);
  withoutFragment.hash = '';
  await kv.delete(keyOf(actorId.href));
  await kv.delete(keyOf(withoutFragment.href));
  await kv.delete(keyOf(`${withoutFragment.href}#main-key`));
}
