import type { webcrypto } from 'node:crypto';
import { generateCryptoKeyPair, MemoryKvStore, type MessageQueue, signRequest } from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import { getDocumentLoader } from '@fedify/vocab-runtime';
import { describe, expect, it, vi } from 'vitest';
import { type Delivery, inboxIntake } from './inbox-intake';

/**
 * The inbox's front door (decision 112), with real signatures made by Fedify as another server would
 * sign: what it queues and answers itself, and what it leaves to Fedify's inbox (undefined), which
 * then answers as it always has (tests/federation-*.test.ts, where most deliveries pass this door).
 */
const origin = 'https://spotter.example';
const actor = 'https://remote.example/users/ana';
const keyId = new URL(`${actor}#main-key`);
const contextLoader = getDocumentLoader();
const storedKey = ['_fedify', 'publicKey', keyId.href] as const;
/** ana's key pair, made once (an RSA key takes a while). */
const anasKeys = generateCryptoKeyPair('RSASSA-PKCS1-v1_5');

class RecordingQueue implements MessageQueue {
  readonly messages: unknown[] = [];
  async enqueue(message: unknown) {
    this.messages.push(message);
  }
  async listen() {}
}

const activity = (by = actor) => ({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: `${by}/statuses/1/activity`,
  type: 'Create',
  actor: by,
  object: { id: `${by}/statuses/1`, type: 'Note', attributedTo: by, content: 'Deadlift 3 × 5 at 160 kg' },
});

/** A door whose key-value store holds ana's key as Fedify's key cache stores it (`known`). */
async function door(known = true) {
  const pair = await anasKeys;
  const kv = new MemoryKvStore();
  if (known) {
    const key = new CryptographicKey({ id: keyId, owner: new URL(actor), publicKey: pair.publicKey });
    await kv.set([...storedKey], await key.toJsonLd({ contextLoader }));
  }
  const queue = new RecordingQueue();
  return { privateKey: pair.privateKey, kv, queue, intake: inboxIntake({ kv, queue, origin, contextLoader }) };
}

/** A POST to the shared inbox as another server signs it, as the door is handed it. */
async function delivery(
  body: string,
  privateKey: webcrypto.CryptoKey,
  spec: 'draft-cavage-http-signatures-12' | 'rfc9421' = 'draft-cavage-http-signatures-12',
): Promise<Delivery> {
  const request = new Request(`${origin}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body,
  });
  const signed = await signRequest(request, privateKey, keyId, { spec });
  return { url: signed.url, headers: signed.headers, body: Buffer.from(body) };
}

describe('the inbox intake', () => {
  it('queues a delivery signed by a known key of its own actor, as Fedify’s inbox would (the hook then answers 202)', async () => {
    const { privateKey, queue, intake } = await door();
    for (const spec of ['draft-cavage-http-signatures-12', 'rfc9421'] as const) {
      const body = JSON.stringify(activity());
      expect(await intake.take(await delivery(body, privateKey, spec), null)).toBe(true);
    }
    expect(queue.messages).toHaveLength(2);
    expect(queue.messages[0]).toMatchObject({
      type: 'inbox',
      baseUrl: origin,
      activity: activity(),
      identifier: null,
      attempt: 0,
    });
  });

  it('names the person whose own inbox it was sent to', async () => {
    const { privateKey, queue, intake } = await door();
    const body = JSON.stringify(activity());
    expect(await intake.take(await delivery(body, privateKey), 'p1234')).toBe(true);
    expect(queue.messages[0]).toMatchObject({ identifier: 'p1234' });
  });

  it('leaves a key it has not seen to Fedify, and neither fetches nor stores anything', async () => {
    const { privateKey, kv, queue, intake } = await door(false);
    const body = JSON.stringify(activity());
    expect(await intake.take(await delivery(body, privateKey), null)).toBe(false);
    expect(queue.messages).toEqual([]);
    expect(await kv.get([...storedKey])).toBeUndefined();
  });

  it('leaves to Fedify a body changed after signing, a signer who is not the actor, an unsigned delivery and one that is no activity', async () => {
    const { privateKey, queue, intake } = await door();
    const body = JSON.stringify(activity());
    const changed = JSON.stringify({
      ...activity(),
      object: { ...activity().object, content: 'Deadlift 3 × 5 at 260 kg' },
    });
    const tampered = { ...(await delivery(body, privateKey)), body: Buffer.from(changed) };
    expect(await intake.take(tampered, null)).toBe(false);

    const someoneElse = JSON.stringify(activity('https://remote.example/users/mallory'));
    expect(await intake.take(await delivery(someoneElse, privateKey), null)).toBe(false);

    const unsigned = { url: `${origin}/ap/inbox`, headers: new Headers(), body: Buffer.from(body) };
    expect(await intake.take(unsigned, null)).toBe(false);

    const notAnActivity = JSON.stringify({ id: 'x', type: 'Create', actor });
    expect(await intake.take(await delivery(notAnActivity, privateKey), null)).toBe(false);
    expect(queue.messages).toEqual([]);
  });

  it('imports a key once, and asks the store for it on every delivery: a key Fedify has dropped is not used', async () => {
    const { privateKey, kv, queue, intake } = await door();
    const body = JSON.stringify(activity());
    const imports = vi.spyOn(CryptographicKey, 'fromJsonLd');
    try {
      for (let i = 0; i < 3; i++) expect(await intake.take(await delivery(body, privateKey), null)).toBe(true);
      expect(imports).toHaveBeenCalledTimes(1);
    } finally {
      imports.mockRestore();
    }
    await kv.delete([...storedKey]);
    expect(await intake.take(await delivery(body, privateKey), null)).toBe(false);
    expect(queue.messages).toHaveLength(3);
  });

  it('leaves to Fedify a delivery that does not verify with the key it holds (a rotated key, which Fedify fetches again)', async () => {
    const { privateKey, queue, intake } = await door();
    const body = JSON.stringify(activity());
    expect(await intake.take(await delivery(body, privateKey), null)).toBe(true);
    const rotated = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    expect(await intake.take(await delivery(body, rotated.privateKey), null)).toBe(false);
    expect(queue.messages).toHaveLength(1);
  });
});
