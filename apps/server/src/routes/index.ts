import type { RouteName } from '@spotter/contract';
import type { Handler } from '../http/add-route';
import { auditLog } from './admin/audit-log';
import { reportQueue } from './admin/report-queue';
import { resetLink } from './admin/reset-link';
import { resolveReport } from './admin/resolve-report';
import { restoreComment } from './admin/restore-comment';
import { restorePost } from './admin/restore-post';
import { setRole } from './admin/set-role';
import { staff } from './admin/staff';
import { unsuspendUser } from './admin/unsuspend-user';
import { guestAccount } from './auth/guest-account';
import { login } from './auth/login';
import { logout } from './auth/logout';
import { resetPassword } from './auth/reset-password';
import { signup } from './auth/signup';
import { deleteComment } from './comments/delete-comment';
import { editComment } from './comments/edit-comment';
import { createExercise } from './exercises/create-exercise';
import { listExercises } from './exercises/list-exercises';
import { feed } from './feed/feed';
import { mediaLimits } from './media/media-limits';
import { uploadMedia } from './media/upload-media';
import { listNotifications } from './notifications/list-notifications';
import { readNotifications } from './notifications/read-notifications';
import { unreadNotifications } from './notifications/unread-notifications';
import { createComment } from './posts/create-comment';
import { createPost } from './posts/create-post';
import { deletePost } from './posts/delete-post';
import { dislikePost } from './posts/dislike-post';
import { editPost } from './posts/edit-post';
import { getPost } from './posts/get-post';
import { likePost } from './posts/like-post';
import { listComments } from './posts/list-comments';
import { listPosts } from './posts/list-posts';
import { postCard } from './posts/post-card';
import { postsByUser } from './posts/posts-by-user';
import { createReport } from './reports/create-report';
import { blockUser } from './safety/block-user';
import { listBlocks } from './safety/list-blocks';
import { listMutes } from './safety/list-mutes';
import { muteUser } from './safety/mute-user';
import { unblockUser } from './safety/unblock-user';
import { unmuteUser } from './safety/unmute-user';
import { tagPosts } from './tags/tag-posts';
import { trendingTags } from './tags/trending-tags';
import { createTodo } from './test-todos/create-todo';
import { deleteTodo } from './test-todos/delete-todo';
import { listTodos } from './test-todos/list-todos';
import { accountSettings, editAccountSettings } from './users/account-settings';
import { bookmarkPost } from './users/bookmark-post';
import { bookmarkedPosts } from './users/bookmarked-posts';
import { changePassword } from './users/change-password';
import { deleteAccount } from './users/delete-account';
import { editProfile } from './users/edit-profile';
import { editTrainingSettings } from './users/edit-training-settings';
import { exportAccount } from './users/export-account';
import { exportWorkouts } from './users/export-workouts';
import { followUser } from './users/follow-user';
import { followers } from './users/followers';
import { following } from './users/following';
import { getBookmarks } from './users/get-bookmarks';
import { getUser } from './users/get-user';
import { likedPosts } from './users/liked-posts';
import { listUsers } from './users/list-users';
import { me } from './users/me';
import { myRole } from './users/my-role';
import { profile } from './users/profile';
import { removeBookmark } from './users/remove-bookmark';
import { searchUsers } from './users/search-users';
import { securityLog } from './users/security-log';
import { listSessions, revokeAllSessions, revokeSession } from './users/sessions';
import { suggestions } from './users/suggestions';
import { trainingSettings } from './users/training-settings';
import { unfollowUser } from './users/unfollow-user';
import { userProgress } from './users/user-progress';
import { userRecords } from './users/user-records';
import { userStats } from './users/user-stats';
import { userWorkouts } from './users/user-workouts';
import { createWorkout } from './workouts/create-workout';
import { deleteWorkout } from './workouts/delete-workout';
import { editWorkout } from './workouts/edit-workout';
import { getWorkout } from './workouts/get-workout';
import { importWorkouts } from './workouts/import-workouts';

/**
 * The handler of every route of the contract's table, one file each, grouped by URL (routes/posts
 * answers /api/posts/...). A route without a handler here does not compile.
 */
export const handlers: { [K in RouteName]: Handler<K> } = {
  login,
  logout,
  guestAccount,
  signup,
  listUsers,
  getUser,
  me,
  profile,
  searchUsers,
  suggestions,
  editProfile,
  changePassword,
  accountSettings,
  editAccountSettings,
  exportAccount,
  deleteAccount,
  listSessions,
  revokeSession,
  revokeAllSessions,
  securityLog,
  getBookmarks,
  bookmarkPost,
  removeBookmark,
  followUser,
  unfollowUser,
  likedPosts,
  bookmarkedPosts,
  listPosts,
  getPost,
  postCard,
  postsByUser,
  createPost,
  editPost,
  deletePost,
  likePost,
  dislikePost,
  feed,
  uploadMedia,
  mediaLimits,
  listExercises,
  createExercise,
  createWorkout,
  importWorkouts,
  exportWorkouts,
  getWorkout,
  editWorkout,
  deleteWorkout,
  userWorkouts,
  trainingSettings,
  editTrainingSettings,
  userRecords,
  userProgress,
  userStats,
  followers,
  following,
  createComment,
  listComments,
  editComment,
  deleteComment,
  tagPosts,
  trendingTags,
  listNotifications,
  unreadNotifications,
  readNotifications,
  createReport,
  myRole,
  reportQueue,
  resolveReport,
  unsuspendUser,
  restorePost,
  restoreComment,
  setRole,
  staff,
  resetLink,
  auditLog,
  resetPassword,
  blockUser,
  unblockUser,
  muteUser,
  unmuteUser,
  listBlocks,
  listMutes,
  listTodos,
  createTodo,
  deleteTodo,
};
