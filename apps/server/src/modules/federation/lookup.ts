import type { Federation } from '@fedify/fedify';
import { isActor } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { findLocalActorByUsername } from './queries/people';
import { rememberPerson } from './remote-person';

/** How long a lookup waits for the other server (WebFinger, then the actor). */
const lookupTimeoutMs = 10_000;

/**
 * Someone by `name@host` (issue 49): a local person when the host is this server's, else WebFinger
 * and the actor on their server, through Fedify (which refuses private addresses unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES), stored as a remote user as a delivery from them would be.
 * Undefined when nobody is found there, or their server does not answer in time.
 */
export async function lookUpPerson(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  acct: string,
): Promise<Key | undefined> {
  const at = acct.lastIndexOf('@');
  const name = acct.slice(0, at);
  const host = acct.slice(at + 1).toLowerCase();
  if (host === new URL(origin).host) return (await findLocalActorByUsername(app.db, name))?.id;
  const ctx = federation.createContext(new URL(origin), app);
  const actor = await ctx
    .lookupObject(`acct:${name}@${host}`, { signal: AbortSignal.timeout(lookupTimeoutMs) })
    .catch(() => null);
  if (!actor || !isActor(actor)) return undefined;
  return rememberPerson(ctx, actor);
}
