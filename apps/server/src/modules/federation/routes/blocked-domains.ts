import type { Handler } from '../../../http/add-route';
import { requireModerator } from '../../accounts';
import { blockedDomains } from '../domain-blocks';
import { failingServers } from '../queries/failing-follows';

/** GET /api/admin/blocked-domains: the instance block list, and the servers whose deliveries are failing. */
export const listBlockedDomains: Handler<'blockedDomains'> = async ({ user }, ctx) => {
  requireModerator(user);
  return { domains: await blockedDomains(ctx.db), failing: await failingServers(ctx.db) };
};
