import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { requireModerator } from '../../accounts';
import { normalizeDomain, unblockDomain } from '../domain-blocks';

/** DELETE /api/admin/blocked-domains/:domain: the server is no longer refused (ended follows stay ended). */
export const unblockDomainRoute: Handler<'unblockDomain'> = async ({ params, user }, ctx) => {
  requireModerator(user);
  const domain = normalizeDomain(params.domain);
  if (!domain) throw badRequest(apiErrors.invalidDomain);
  if (!(await unblockDomain(ctx.db, domain))) throw notFound(apiErrors.domainNotBlocked);
  return { domain };
};
