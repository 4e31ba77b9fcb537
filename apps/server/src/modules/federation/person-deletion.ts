import type { Context } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { deliver, recipientsOf } from './deliveries';
import { localPublicIdOf } from './queries/people';

/**
 * A local person's account erased (issue 49): `Delete(Person)`, as Mastodon sends it, to the
 * servers of their remote followers (one per shared inbox), so those servers remove them and what
 * they made. Called while their row and key are still here: Fedify signs now and keeps the signing
 * key in the queued message, so the deliveries go out, and retry, after the row is gone. Those
 * servers verify it with the key they stored when they last heard from them.
 */
export async function sendPersonDeleted(ctx: Context<AppContext>, userId: Key) {
  const publicId = await localPublicIdOf(ctx.data.db, userId);
  if (!publicId) return;
  const recipients = await recipientsOf(ctx.data, userId, { followers: true });
  const actor = ctx.getActorUri(publicId);
  const activity = new Delete({
    id: new URL(`${actor.href}#delete`),
    actor,
    object: actor,
    tos: [PUBLIC_COLLECTION],
  });
  await deliver(ctx, publicId, recipients, activity);
}
