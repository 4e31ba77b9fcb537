import { routeGroup, writes } from './spec';

/** Follow requests of a locked account (issue 49), in the `users` tag. */
export const followRequestRoutes = routeGroup({
  followRequests: {
    method: 'GET',
    path: '/api/users/me/follow-requests',
    summary: 'People of other servers asking to follow the signed-in person, whose account is locked',
    tag: 'users',
    auth: true,
    status: 200,
  },
  approveFollowRequest: {
    method: 'POST',
    path: '/api/users/me/follow-requests/:userId/approve',
    summary: 'Approve a follow request: the person follows, and their server is sent an Accept',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  rejectFollowRequest: {
    method: 'POST',
    path: '/api/users/me/follow-requests/:userId/reject',
    summary: 'Reject a follow request: their server is sent a Reject',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});

/** The instance block list and failing servers (issue 49, decision 096), in the `moderation` tag. */
export const instanceBlockRoutes = routeGroup({
  blockedDomains: {
    method: 'GET',
    path: '/api/admin/blocked-domains',
    summary: 'The servers this one refuses, and the servers whose deliveries failed for 7 days (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
  },
  blockDomain: {
    method: 'POST',
    path: '/api/admin/blocked-domains',
    summary:
      'Block a server and its subdomains: its deliveries are refused, nothing is sent to it, follows with its people end (moderators)',
    tag: 'moderation',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  unblockDomain: {
    method: 'DELETE',
    path: '/api/admin/blocked-domains/:domain',
    summary: 'Take a server off the block list (ended follows stay ended) (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});
