import { currentSessionKey } from '../../auth/require-user';
import type { Handler } from '../../http/add-route';
import { endSessionByKey } from '../../queries/sessions';

/** Ends the token's own session: the token stops working on every server at once. */
export const logout: Handler<'logout'> = async ({ request }, ctx) => {
  const current = currentSessionKey(request);
  if (current !== undefined) await endSessionByKey(ctx.db, current);
  return { loggedOut: true as const };
};
