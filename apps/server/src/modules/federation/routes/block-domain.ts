import { apiErrors } from '@spotter/contract';
import { badRequest } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { requireModerator } from '../../accounts';
import { blockDomain, blockedDomains, normalizeDomain } from '../domain-blocks';

/** POST /api/admin/blocked-domains: blocks a server and its subdomains (decision 096). */
export const blockDomainRoute: Handler<'blockDomain'> = async ({ body, user }, ctx) => {
  requireModerator(user);
  const domain = normalizeDomain(body.domain);
  if (!domain) throw badRequest(apiErrors.invalidDomain);
  const { endedFollows } = await blockDomain(ctx.db, domain, body.reason);
  const stored = (await blockedDomains(ctx.db)).find((entry) => entry.domain === domain);
  if (!stored) throw new Error(`The block of ${domain} was not stored.`);
  return { domain: stored, endedFollows };
};
