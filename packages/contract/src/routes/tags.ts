import { routeGroup } from './spec';

/** Conversation (issue 14): hashtags (the `tags` tag). */
export const tagRoutes = routeGroup({
  tagPosts: {
    method: 'GET',
    path: '/api/tags/:tag/posts',
    summary: 'Posts with a hashtag, newest first, one page per call',
    tag: 'tags',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
  trendingTags: {
    method: 'GET',
    path: '/api/tags/trending',
    summary: 'The hashtags used by the most people over the last 7 days (with how many posts carry each)',
    tag: 'tags',
    auth: false,
    status: 200,
  },
});
