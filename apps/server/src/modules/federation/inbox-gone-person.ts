import type { RequestContext, UnverifiedActivityReason } from '@fedify/fedify';
import { type Activity, Delete } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { erasePerson } from '../erasure';
import { mayDeliverTo } from './public-address';
import { findRemotePerson } from './queries/people';

/**
 * `Delete(Person)` from a server that has already deleted the person: their key is gone with them
 * (fetching it answers 410), so the signature cannot be checked and Fedify would answer 401. Anyone
 * may send such a claim unsigned; what proves it is the person's own server answering 410 Gone for
 * their actor, asked here directly. Then they are erased as a signed Delete(Person) erases them.
 */
export async function takeGonePerson(
  ctx: RequestContext<AppContext>,
  activity: Activity,
  reason: UnverifiedActivityReason,
  log: FastifyBaseLogger,
): Promise<Response | undefined> {
  if (!(activity instanceof Delete) || reason.type !== 'keyFetchError') return undefined;
  const actorId = activity.actorId;
  if (!actorId || activity.objectId?.href !== actorId.href || reason.keyId.origin !== actorId.origin) return undefined;
  if (!('status' in reason.result) || reason.result.status !== 410) return undefined;
  const person = await findRemotePerson(ctx.data.db, actorId.href);
  if (!person) return new Response(null, { status: 202 });
  if (!(await mayDeliverTo(actorId.href, ctx.data.config.federation?.allowPrivateAddresses ?? false))) return undefined;
  const answer = await fetch(actorId, {
    headers: { accept: 'application/activity+json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  await answer?.body?.cancel();
  if (answer?.status !== 410) return undefined;
  await erasePerson(ctx.data, person.id, log);
  return new Response(null, { status: 202 });
}
