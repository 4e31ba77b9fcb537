import type { RouteHandlers } from '../../http/add-route';
import { blockDomainRoute } from './routes/block-domain';
import { listBlockedDomains } from './routes/blocked-domains';
import { approveFollowRequest, followRequests, rejectFollowRequest } from './routes/follow-requests';
import { unblockDomainRoute } from './routes/unblock-domain';

/** The handlers of the federation module's routes, for the registry (http/handlers.ts). */
export const federationHandlers = {
  blockedDomains: listBlockedDomains,
  blockDomain: blockDomainRoute,
  unblockDomain: unblockDomainRoute,
  followRequests,
  approveFollowRequest,
  rejectFollowRequest,
} satisfies RouteHandlers;
