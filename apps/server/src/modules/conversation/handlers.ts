import type { RouteHandlers } from '../../http/add-route';
import { createComment } from './routes/create-comment';
import { deleteComment } from './routes/delete-comment';
import { editComment } from './routes/edit-comment';
import { listComments } from './routes/list-comments';
import { tagPosts } from './routes/tag-posts';
import { trendingTags } from './routes/trending-tags';

/** The handlers of the conversation module's routes, for the registry (http/handlers.ts). */
export const conversationHandlers = {
  createComment,
  deleteComment,
  editComment,
  listComments,
  tagPosts,
  trendingTags,
} satisfies RouteHandlers;
