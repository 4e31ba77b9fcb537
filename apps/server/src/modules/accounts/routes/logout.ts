import type { Handler } from '../../../http/add-route';
import { endSessionByKey } from '../queries/sessions';
import { currentSessionKey, identityChanged } from '../require-user';

/** Ends the token's own session: the token stops working on every server at once. */
export const logout: Handler<'logout'> = async ({ request, user }, ctx) => {
  const current = currentSessionKey(request);
  if (current !== undefined) await endSessionByKey(ctx.db, current);
  identityChanged(ctx, user.id);
  return { loggedOut: true as const };
};
