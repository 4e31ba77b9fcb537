import { routeGroup } from './spec';

/** What this server can do beyond the basics, so the web app shows only what works (issue 45). */
export const capabilityRoutes = routeGroup({
  capabilities: {
    method: 'GET',
    path: '/api/capabilities',
    summary: 'The optional features this server has on (email, ...)',
    tag: 'auth',
    auth: false,
    status: 200,
  },
});
