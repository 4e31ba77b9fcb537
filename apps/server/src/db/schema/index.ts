import type { BookmarksTable } from './bookmarks';
import type { FollowsTable } from './follows';
import type { MediaTable } from './media';
import type { PostsTable } from './posts';
import type { DislikesTable, LikesTable } from './reactions';
import type { TestTodosTable } from './test-todos';
import type { UsersTable } from './users';

export interface DatabaseSchema {
  users: UsersTable;
  posts: PostsTable;
  likes: LikesTable;
  dislikes: DislikesTable;
  bookmarks: BookmarksTable;
  follows: FollowsTable;
  media: MediaTable;
  test_todos: TestTodosTable;
}

export type { Key } from './keys';
export { noKey } from './keys';
export type { MediaRow } from './media';
export type { PostRow } from './posts';
export type { UserRow } from './users';
