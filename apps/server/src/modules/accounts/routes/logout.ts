import type { Handler } from '../../../http/add-route';
import { endSessionByKey } from '../queries/sessions';
import { currentSessionKey, identityChanged } from '../require-user';

/**
 * Ends the token's own session: the token stops working on every server at once, and the streams it
 * opened end there too (issue 45), with no reason told: the person asked for it.
 */
export const logout: Handler<'logout'> = async ({ request, user }, ctx) => {
  const current = currentSessionKey(request);
  if (current !== undefined) await endSessionByKey(ctx.db, current);
  identityChanged(ctx, user.id);
  const session = (await request.identity())?.sid;
  if (current !== undefined && session) await ctx.notifications.endStreams(user.id, { sessions: [session] });
  return { loggedOut: true as const };
};
