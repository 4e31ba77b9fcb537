import { routeGroup } from './spec';

/** The home feed (the `feed` tag). */
export const feedRoutes = routeGroup({
  feed: {
    method: 'GET',
    path: '/api/feed',
    summary: "Home feed, one page: the signed-in person's posts and those of the people they follow",
    tag: 'feed',
    auth: true,
    status: 200,
    paging: 'always',
  },
});
