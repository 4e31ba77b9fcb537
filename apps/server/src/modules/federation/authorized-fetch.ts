import type { RequestContext } from '@fedify/fedify';
import type { AppContext } from '../../context';
import { isBlockedHost } from './domain-blocks';

/**
 * Authorized fetch (FEDERATION_AUTHORIZED_FETCH, as Mastodon's secure mode): with it on, a person's
 * outbox, follow lists and Notes answer only a GET signed by some server's actor, and not one of a
 * blocked server; unsigned, 401. The actor document stays public: the servers that sign must be able
 * to fetch our keys to verify what we send them. Off (the default): everything public is public.
 */
export async function mayFetch(ctx: RequestContext<AppContext>): Promise<boolean> {
  if (!ctx.data.config.federation?.authorizedFetch) return true;
  const key = await ctx.getSignedKey();
  if (!key?.id) return false;
  return !(await isBlockedHost(ctx.data.db, key.id.hostname));
}
