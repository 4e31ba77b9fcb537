import { routeGroup } from './spec';

/** The search page (issue 47): people, posts and tags in one call (the `search` tag). */
export const searchRoutes = routeGroup({
  search: {
    method: 'GET',
    path: '/api/search',
    summary:
      'Search one kind (type: people by username or name, best first; posts by their words, newest first; tags by their start, most used first), only what the caller may see, one page per call',
    tag: 'search',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
});
