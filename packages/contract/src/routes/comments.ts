import { routeGroup, writes } from './spec';

/** Conversation (issue 14): comments (the `comments` tag). */
export const commentRoutes = routeGroup({
  createComment: {
    method: 'POST',
    path: '/api/posts/:postId/comments',
    summary: 'Comment on a post, or reply to a comment (replies attach to the top-level comment)',
    tag: 'comments',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  listComments: {
    method: 'GET',
    path: '/api/posts/:postId/comments',
    summary: "A post's comments, oldest first, each reply right after its parent; one page per call",
    tag: 'comments',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
  editComment: {
    method: 'POST',
    path: '/api/comments/edit/:commentId',
    summary: 'Edit own comment',
    tag: 'comments',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  deleteComment: {
    method: 'DELETE',
    path: '/api/comments/:commentId',
    summary: "Delete a comment (its author or the post's author); its replies go with it",
    tag: 'comments',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});
