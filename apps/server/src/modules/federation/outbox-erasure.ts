import type { Context } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { recipientsOf } from './deliveries';
import type { KeyPair } from './key-pair';
import { localPublicIdOf, remoteFolloweesOf } from './queries/people';

/**
 * A local person about to be erased (their own deletion, decision 037): a `Delete` of their actor to
 * every server that knows them through a follow, either way, so those servers erase them too (issue
 * 49). Called before the rows go, as it needs them: the Delete is queued signed with the person's
 * keys, which the queued message carries, since their key pairs go with them.
 */
export async function sendPersonDeleted(ctx: Context<AppContext>, userId: Key) {
  const identifier = await localPublicIdOf(ctx.data.db, userId);
  if (!identifier) return;
  const recipients = await recipientsOf(ctx.data, userId, {
    followers: true,
    also: await remoteFolloweesOf(ctx.data.db, userId),
  });
  if (recipients.length === 0) return;
  const keys = await ctx.getActorKeyPairs(identifier);
  if (keys.length === 0) return;
  const actor = ctx.getActorUri(identifier);
  const activity = new Delete({ id: new URL('#delete', actor), actor, object: actor, tos: [PUBLIC_COLLECTION] });
  await ctx.sendActivity(
    // An ActorKeyPair is a CryptoKeyPair, which the server's types (no DOM library) do not know: key-pair.ts.
    keys.map((pair) => ({ keyId: pair.keyId, privateKey: (pair as unknown as KeyPair).privateKey })),
    recipients,
    activity,
    { preferSharedInbox: true },
  );
}
