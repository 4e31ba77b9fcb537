import crypto from 'node:crypto';
import { type KvStore, type MessageQueue, verifyRequest } from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';

/**
 * The inbox's front door for deliveries from servers it already knows (decision 112): a delivery
 * signed (draft-cavage HTTP Signatures with a Digest, as Mastodon signs) by a key this server has
 * already fetched and verified once, by the delivery's own actor, is checked here and put straight
 * into the queue of received activities, in the message Fedify's own inbox would have queued, and
 * answered 202. Fedify's inbox would parse the activity as JSON-LD, read the key from the key-value
 * store and import it again before its 202: about five times this path's CPU, on the API's event
 * loop, for every delivery (performance.md, "Federation"). The activity is parsed once, when the
 * queue's listener handles it, between people's requests (decision 107).
 *
 * Everything else goes on to Fedify, which answers as before: unsigned or RFC 9421-signed deliveries,
 * keys not yet known, signatures that do not verify (a key that may have been rotated, which Fedify
 * fetches again), a signer who is not the actor, a body that is not an activity, an inbox nobody has.
 */
export interface InboxIntake {
  /** Whether it was queued (answer 202); false: not one for this door (Fedify answers it). */
  take(delivery: Delivery, recipient: string | null): Promise<boolean>;
}

/** A POST to an inbox as it arrived: the bytes checked are the bytes queued. */
export interface Delivery {
  url: string;
  headers: Headers;
  body: Buffer;
}

export const enqueuedAnswer = 'Activity is enqueued.';

interface IntakeOptions {
  kv: KvStore;
  /** The received activities' queue, the one Fedify's `queue.inbox` is. */
  queue: MessageQueue;
  /** The origin Fedify's messages name as their `baseUrl`. */
  origin: string;
  contextLoader: DocumentLoader;
  /** Keys held imported in memory, the most recently imported kept (a key is a few hundred bytes). */
  maxKeys?: number;
}

/** Where Fedify's `KvKeyCache` keeps the keys it has fetched (its default `kvPrefixes.publicKey`). */
const keyPrefix = ['_fedify', 'publicKey'] as const;

/** Thrown by the key cache and the loader below: this door fetches nothing, Fedify does. */
class NotKnownHere extends Error {}

const refuseToFetch: DocumentLoader = () => Promise.reject(new NotKnownHere());

/**
 * Keys Fedify has already fetched, as its key-value store holds them, kept imported in memory
 * (Fedify's own cache parses the stored JSON-LD and imports the PEM again on every delivery). The
 * store stays the one truth: each delivery reads the key's entry (one indexed read), and the key
 * imported from that same entry is used, so a key Fedify has dropped or fetched anew is dropped or
 * imported anew here too. Never written to the store: a key not there is Fedify's to fetch. A key
 * that fails to verify is let go (`set(null)`, from Fedify's retry with a fresh key, which the
 * loader above refuses).
 */
export class KnownKeys {
  readonly #kv: KvStore;
  readonly #contextLoader: DocumentLoader;
  readonly #max: number;
  readonly #imported = new Map<string, { stored: string; key: CryptographicKey }>();

  constructor(kv: KvStore, contextLoader: DocumentLoader, max: number) {
    this.#kv = kv;
    this.#contextLoader = contextLoader;
    this.#max = max;
  }

  async get(keyId: URL): Promise<CryptographicKey> {
    const entry = await this.#kv.get([...keyPrefix, keyId.href]);
    if (entry === undefined || entry === null) {
      this.#imported.delete(keyId.href);
      throw new NotKnownHere();
    }
    const stored = JSON.stringify(entry);
    const held = this.#imported.get(keyId.href);
    if (held?.stored === stored) return held.key;
    const key = await CryptographicKey.fromJsonLd(entry, {
      documentLoader: refuseToFetch,
      contextLoader: this.#contextLoader,
    }).catch(() => undefined);
    if (!key?.publicKey) throw new NotKnownHere();
    this.#imported.delete(keyId.href);
    this.#imported.set(keyId.href, { stored, key });
    if (this.#imported.size > this.#max) {
      const oldest = this.#imported.keys().next().value;
      if (oldest !== undefined) this.#imported.delete(oldest);
    }
    return key;
  }

  async set(keyId: URL, key: unknown): Promise<void> {
    if (!(key instanceof CryptographicKey)) this.#imported.delete(keyId.href);
  }
}

/** What a delivery must be to be taken here: an activity with an id, a type and its actor's id. */
function activityOf(body: Buffer): { json: Record<string, unknown>; actor: string } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const activity = json as Record<string, unknown>;
  if (!('@context' in activity) || typeof activity.id !== 'string' || typeof activity.type !== 'string') {
    return undefined;
  }
  const actor = activity.actor;
  const actorId = typeof actor === 'string' ? actor : (actor as { id?: unknown } | null)?.id;
  if (typeof actorId !== 'string') return undefined;
  return { json: activity, actor: actorId };
}

export function inboxIntake(options: IntakeOptions): InboxIntake {
  const keys = new KnownKeys(options.kv, options.contextLoader, options.maxKeys ?? 5_000);
  return {
    async take(delivery, recipient) {
      if (!delivery.headers.has('signature')) return false;
      const activity = activityOf(delivery.body);
      if (!activity) return false;
      // A copy the fetch API takes as its body (a Buffer may sit in a larger pool).
      const body = new Uint8Array(delivery.body);
      const request = new Request(delivery.url, { method: 'POST', headers: delivery.headers, body });
      let key: CryptographicKey | null;
      try {
        key = await verifyRequest(request, {
          keyCache: keys,
          documentLoader: refuseToFetch,
          contextLoader: options.contextLoader,
        });
      } catch (error) {
        if (error instanceof NotKnownHere) return false;
        throw error;
      }
      // The signer must be the actor (Fedify's `doesActorOwnKey`, by the key's owner).
      if (!key || key.ownerId?.href !== activity.actor) return false;
      // Fedify's own message for a received activity (routeActivity in Fedify 2.3): its listener
      // parses it, skips one already handled (by its id) and retries what fails.
      await options.queue.enqueue({
        type: 'inbox',
        id: crypto.randomUUID(),
        baseUrl: options.origin,
        activity: activity.json,
        // A Linked Data Signature beside the HTTP one is not what verified it.
        ...('signature' in activity.json ? { ldSignatureVerified: false } : {}),
        identifier: recipient,
        attempt: 0,
        started: new Date().toISOString(),
        traceContext: {},
      });
      return true;
    },
  };
}
