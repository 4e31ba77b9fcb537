import type { RouteHandlers } from '../../http/add-route';
import { createPost } from './routes/create-post';
import { deletePost } from './routes/delete-post';
import { editPost } from './routes/edit-post';
import { feed } from './routes/feed';
import { getPost } from './routes/get-post';
import { listPosts } from './routes/list-posts';
import { postCard } from './routes/post-card';
import { postsByUser } from './routes/posts-by-user';

/** The handlers of the posts module's routes, for the registry (http/handlers.ts). */
export const postsHandlers = {
  createPost,
  deletePost,
  editPost,
  feed,
  getPost,
  listPosts,
  postCard,
  postsByUser,
} satisfies RouteHandlers;
