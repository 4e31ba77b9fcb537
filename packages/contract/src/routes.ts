/**
 * Every /api call Spotter answers, as plain data: no zod here, so the web app can import the table
 * on every screen (the login screen included) without loading a schema. The schemas of each call are
 * in schemas/by-route.ts under the same name; the server registers every route from both, and the
 * OpenAPI document is generated from both.
 */

/** Every API path starts with it; the server registers the whole API in one scope under it. */
export const apiPrefix = '/api';

/**
 * Request budgets (the server's RATE_LIMIT_* settings). Each counts under its own key: the client IP
 * (`...PerIp`), the account a login or password change is for (`loginPerUser`), or the signed-in
 * user, else the IP (`writesPerUser`, `uploadsPerUser`, `readsPerUser`, `exportsPerUser`). A call may spend several.
 * `readsPerUser` is spent by every GET of the table, so the table does not name it.
 */
export const rateLimitClasses = [
  'loginPerIp',
  'loginPerUser',
  'signupPerIp',
  'writesPerUser',
  'uploadsPerUser',
  'readsPerUser',
  'exportsPerUser',
] as const;
export type RateLimitClass = (typeof rateLimitClasses)[number];

export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path with `:name` segments, e.g. /api/posts/:postId */
  path: `${typeof apiPrefix}/${string}`;
  summary: string;
  tag: string;
  /**
   * true: the `authorization` header must carry a valid token (SPEC §6). 'optional': public, but a
   * valid token personalises the answer (likedByMe, followedByMe); an invalid one is ignored.
   */
  auth: boolean | 'optional';
  /** Success status. Every 4xx answers `{ "errors": [...] }`; a 500 answers `{ "error": "..." }`. */
  status: number;
  /** Budgets the call spends, checked before it runs. Every call that changes something has one. */
  rateLimit?: readonly RateLimitClass[];
  /** Answers only what changed under `Prefer: return=minimal` (RFC 7240), as Spotter's client asks. */
  minimal?: true;
  /** 'always': one page per call. 'optional': the spec's whole list, or one page given `limit` or `cursor`. */
  paging?: 'always' | 'optional';
  /** Also answered with a trailing slash (SPEC §7: bookmark and follow paths). */
  trailingSlash?: true;
  /** The call takes multipart/form-data with one file in this field, instead of JSON. */
  fileField?: string;
  /** The success answer's media type when it is not JSON (its schema is then a string). */
  answerType?: 'text/csv' | 'application/zip';
}

type Named<T extends Record<string, RouteSpec>> = { [K in keyof T]: T[K] & { name: K } };

/** Stamps each route with its own key, so a route object says which schemas are its own. */
function named<const T extends Record<string, RouteSpec>>(table: T): Named<T> {
  return Object.fromEntries(Object.entries(table).map(([name, route]) => [name, { ...route, name }])) as Named<T>;
}

const writes = ['writesPerUser'] as const;

export const routes = named({
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    tag: 'auth',
    auth: false,
    status: 200,
    rateLimit: ['loginPerIp', 'loginPerUser'],
  },
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Sign up',
    tag: 'auth',
    auth: false,
    status: 201,
    rateLimit: ['signupPerIp'],
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: "Log out: ends the token's session on the server",
    tag: 'auth',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  guestAccount: {
    method: 'GET',
    path: '/api/auth/guest',
    summary: "Whether this server has the guest account that 'Login as Guest' signs in to",
    tag: 'auth',
    auth: false,
    status: 200,
  },
  listUsers: { method: 'GET', path: '/api/users', summary: 'All users', tag: 'users', auth: 'optional', status: 200 },
  getUser: {
    method: 'GET',
    path: '/api/users/:userId',
    summary: 'One user',
    tag: 'users',
    auth: 'optional',
    status: 200,
  },
  me: {
    method: 'GET',
    path: '/api/users/me',
    summary: "The signed-in person's profile",
    tag: 'users',
    auth: true,
    status: 200,
  },
  profile: {
    method: 'GET',
    path: '/api/users/profile/:username',
    summary: 'A profile header by username: counts and whether the signed-in person follows them',
    tag: 'users',
    auth: 'optional',
    status: 200,
  },
  searchUsers: {
    method: 'GET',
    path: '/api/users/search',
    summary: 'Users whose username contains q, regardless of case (at most 20; never someone blocked either way)',
    tag: 'users',
    auth: 'optional',
    status: 200,
  },
  suggestions: {
    method: 'GET',
    path: '/api/users/suggestions',
    summary: 'People to follow: not oneself, not already followed; friends of friends first, then popular',
    tag: 'users',
    auth: true,
    status: 200,
  },
  editProfile: {
    method: 'POST',
    path: '/api/users/edit',
    summary: 'Edit the signed-in user',
    tag: 'users',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  changePassword: {
    method: 'POST',
    path: '/api/users/password',
    summary: 'Change password; earlier tokens stop working',
    tag: 'users',
    auth: true,
    status: 200,
    // Guessing the current password with a stolen token spends the same budget as guessing at login.
    rateLimit: ['writesPerUser', 'loginPerUser'],
  },
  listSessions: {
    method: 'GET',
    path: '/api/users/me/sessions',
    summary: "The signed-in person's sessions (each token's id, when and where), newest first",
    tag: 'users',
    auth: true,
    status: 200,
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/users/me/sessions/:sessionId',
    summary: 'End one session at once (its token stops working on every server)',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  revokeAllSessions: {
    method: 'POST',
    path: '/api/users/me/sessions/revoke-all',
    summary: 'Log out everywhere: every token of the signed-in person stops working, this one included',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  securityLog: {
    method: 'GET',
    path: '/api/users/me/security-log',
    summary: 'Failed logins, password changes and "log out everywhere" of the signed-in person, newest first',
    tag: 'users',
    auth: true,
    status: 200,
    paging: 'always',
  },
  // The member's own data (issue 16): settings, a copy of everything, erasure.
  accountSettings: {
    method: 'GET',
    path: '/api/users/me/settings',
    summary: "The signed-in person's account settings: the visibility a new post gets by default",
    tag: 'users',
    auth: true,
    status: 200,
  },
  editAccountSettings: {
    method: 'POST',
    path: '/api/users/me/settings',
    summary: "Change the signed-in person's account settings",
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  exportAccount: {
    method: 'GET',
    path: '/api/users/me/export',
    summary:
      'A ZIP of everything the signed-in person made: profile, posts, comments, workouts (JSON and CSV), likes, ' +
      'bookmarks, follows as JSON, and their original media files; streamed',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: ['exportsPerUser'],
    answerType: 'application/zip',
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/users/me/delete',
    summary:
      'Erase the signed-in account and everything it made (posts, comments, likes, follows, bookmarks, ' +
      'notifications, sessions, workouts, media files); the username is free again',
    tag: 'users',
    auth: true,
    status: 200,
    // Guessing the password with a stolen token spends the same budget as guessing at login.
    rateLimit: ['writesPerUser', 'loginPerUser'],
  },
  getBookmarks: {
    method: 'GET',
    path: '/api/users/bookmark',
    summary: "The signed-in user's bookmarked post ids",
    tag: 'users',
    auth: true,
    status: 200,
    trailingSlash: true,
  },
  bookmarkPost: {
    method: 'POST',
    path: '/api/users/bookmark/:postId',
    summary: 'Bookmark a post',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
    minimal: true,
    trailingSlash: true,
  },
  removeBookmark: {
    method: 'POST',
    path: '/api/users/remove-bookmark/:postId',
    summary: 'Remove a bookmark',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
    minimal: true,
    trailingSlash: true,
  },
  followUser: {
    method: 'POST',
    path: '/api/users/follow/:userId',
    summary: 'Follow a user',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
    minimal: true,
    trailingSlash: true,
  },
  unfollowUser: {
    method: 'POST',
    path: '/api/users/unfollow/:userId',
    summary: 'Unfollow a user',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: writes,
    minimal: true,
    trailingSlash: true,
  },
  likedPosts: {
    method: 'GET',
    path: '/api/users/me/liked',
    summary: 'Posts the signed-in person liked, one page, most recently liked first',
    tag: 'users',
    auth: true,
    status: 200,
    paging: 'always',
  },
  bookmarkedPosts: {
    method: 'GET',
    path: '/api/users/me/bookmarked',
    summary: 'Posts the signed-in person bookmarked, one page, most recently bookmarked first',
    tag: 'users',
    auth: true,
    status: 200,
    paging: 'always',
  },
  listPosts: {
    method: 'GET',
    path: '/api/posts',
    summary: 'All posts in list order; with limit or cursor, one page (newest or trending first)',
    tag: 'posts',
    auth: 'optional',
    status: 200,
    paging: 'optional',
  },
  getPost: {
    method: 'GET',
    path: '/api/posts/:postId',
    summary: 'One post (404 for someone who may not see it)',
    tag: 'posts',
    auth: 'optional',
    status: 200,
  },
  postCard: {
    method: 'GET',
    path: '/api/posts/:postId/card',
    summary: 'One post as a card: like count and what the signed-in person did with it',
    tag: 'posts',
    auth: 'optional',
    status: 200,
  },
  postsByUser: {
    method: 'GET',
    path: '/api/posts/user/:username',
    summary: "A user's posts in list order; with limit or cursor, one page, newest first",
    tag: 'posts',
    auth: 'optional',
    status: 200,
    paging: 'optional',
  },
  createPost: {
    method: 'POST',
    path: '/api/posts',
    summary:
      'Create a post. With an Idempotency-Key header, a retry with the same key within 24 hours answers the first post (409 while it is still being made)',
    tag: 'posts',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  editPost: {
    method: 'POST',
    path: '/api/posts/edit/:postId',
    summary: 'Edit own post (fields are merged)',
    tag: 'posts',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  deletePost: {
    method: 'DELETE',
    path: '/api/posts/:postId',
    summary: 'Delete own post',
    tag: 'posts',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  likePost: {
    method: 'POST',
    path: '/api/posts/like/:postId',
    summary: 'Like a post',
    tag: 'posts',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  dislikePost: {
    method: 'POST',
    path: '/api/posts/dislike/:postId',
    summary: 'Take back a like',
    tag: 'posts',
    auth: true,
    status: 201,
    rateLimit: writes,
    minimal: true,
  },
  feed: {
    method: 'GET',
    path: '/api/feed',
    summary: "Home feed, one page: the signed-in person's posts and those of the people they follow",
    tag: 'feed',
    auth: true,
    status: 200,
    paging: 'always',
  },
  uploadMedia: {
    method: 'POST',
    path: '/api/media',
    summary: 'Upload a photo or video (multipart/form-data, field "file"); cleaned of metadata and stored',
    tag: 'media',
    auth: true,
    status: 201,
    rateLimit: ['uploadsPerUser'],
    fileField: 'file',
  },
  mediaLimits: {
    method: 'GET',
    path: '/api/media/limits',
    summary: 'Largest accepted sizes and the types the picker offers',
    tag: 'media',
    auth: false,
    status: 200,
  },
  // The training log (issue 15): exercises, workouts and the records they set.
  listExercises: {
    method: 'GET',
    path: '/api/exercises',
    summary: "Exercises whose name contains q (case and accents ignored): the catalogue and one's own",
    tag: 'training',
    auth: 'optional',
    status: 200,
  },
  createExercise: {
    method: 'POST',
    path: '/api/exercises',
    summary: 'Add a custom exercise, visible to its creator only',
    tag: 'training',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  createWorkout: {
    method: 'POST',
    path: '/api/workouts',
    summary: 'Log a workout; the answer carries its volumes, best sets, e1RMs and the records it set',
    tag: 'training',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  importWorkouts: {
    method: 'POST',
    path: '/api/workouts/import',
    summary:
      'Import workouts from a CSV export of Strong, Hevy or Spotter (multipart/form-data, field "file"); ' +
      'workouts already there are skipped, none is posted',
    tag: 'training',
    auth: true,
    status: 200,
    rateLimit: ['uploadsPerUser'],
    fileField: 'file',
  },
  exportWorkouts: {
    method: 'GET',
    path: '/api/users/me/workouts.csv',
    summary: 'Every workout of the signed-in person as CSV, in the layout the import reads back',
    tag: 'training',
    auth: true,
    status: 200,
    answerType: 'text/csv',
  },
  getWorkout: {
    method: 'GET',
    path: '/api/workouts/:workoutId',
    summary: 'One workout with its figures and records',
    tag: 'training',
    auth: 'optional',
    status: 200,
  },
  editWorkout: {
    method: 'POST',
    path: '/api/workouts/edit/:workoutId',
    summary: "Rewrite one's workout; the records of later workouts are recomputed",
    tag: 'training',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  deleteWorkout: {
    method: 'DELETE',
    path: '/api/workouts/:workoutId',
    summary: "Delete one's workout; the records of later workouts are recomputed",
    tag: 'training',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  userWorkouts: {
    method: 'GET',
    path: '/api/users/:username/workouts',
    summary: "A person's workouts, latest first, one page per call",
    tag: 'training',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
  trainingSettings: {
    method: 'GET',
    path: '/api/users/me/training-settings',
    summary: "The signed-in person's units, time zone and whether others see their records",
    tag: 'training',
    auth: true,
    status: 200,
  },
  editTrainingSettings: {
    method: 'POST',
    path: '/api/users/me/training-settings',
    summary: "Change the signed-in person's units, time zone or records visibility",
    tag: 'training',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  userRecords: {
    method: 'GET',
    path: '/api/users/:username/records',
    summary: "A person's current bests, per exercise (hidden from others if they chose so)",
    tag: 'training',
    auth: 'optional',
    status: 200,
  },
  userProgress: {
    method: 'GET',
    path: '/api/users/:username/progress',
    summary: "One exercise's e1RM, best weight and volume per workout, oldest first",
    tag: 'training',
    auth: 'optional',
    status: 200,
  },
  userStats: {
    method: 'GET',
    path: '/api/users/:username/stats',
    summary: 'Workouts this week, the weekly streak, total volume and number of workouts',
    tag: 'training',
    auth: 'optional',
    status: 200,
  },
  // Issue 18: the follower and following counts of a profile open these lists.
  followers: {
    method: 'GET',
    path: '/api/users/:username/followers',
    summary: 'People who follow this user, one page, most recent follow first',
    tag: 'users',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
  following: {
    method: 'GET',
    path: '/api/users/:username/following',
    summary: 'People this user follows, one page, most recent follow first',
    tag: 'users',
    auth: 'optional',
    status: 200,
    paging: 'always',
  },
  // Conversation (issue 14): comments, hashtags and notifications.
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
    summary: 'The hashtags of the most posts over the last 7 days',
    tag: 'tags',
    auth: false,
    status: 200,
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The signed-in person's notifications, newest first (likes and follows grouped until read)",
    tag: 'notifications',
    auth: true,
    status: 200,
    paging: 'always',
  },
  unreadNotifications: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: 'How many notifications are unread',
    tag: 'notifications',
    auth: true,
    status: 200,
  },
  readNotifications: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark every notification read',
    tag: 'notifications',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  // Safety (issue 16): block and mute.
  blockUser: {
    method: 'POST',
    path: '/api/users/block/:userId',
    summary: 'Block a person: follows end both ways; neither sees, follows, likes, comments on or mentions the other',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  unblockUser: {
    method: 'POST',
    path: '/api/users/unblock/:userId',
    summary: 'Undo a block (follows are not restored)',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  muteUser: {
    method: 'POST',
    path: '/api/users/mute/:userId',
    summary: 'Mute a person: their posts, comments and notifications are hidden from you alone, silently',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  unmuteUser: {
    method: 'POST',
    path: '/api/users/unmute/:userId',
    summary: 'Undo a mute',
    tag: 'safety',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  listBlocks: {
    method: 'GET',
    path: '/api/users/me/blocks',
    summary: 'The people the signed-in person blocks, one page, most recent first',
    tag: 'safety',
    auth: true,
    status: 200,
    paging: 'always',
  },
  listMutes: {
    method: 'GET',
    path: '/api/users/me/mutes',
    summary: 'The people the signed-in person mutes, one page, most recent first',
    tag: 'safety',
    auth: true,
    status: 200,
    paging: 'always',
  },
  // Reports and moderation (issue 16).
  createReport: {
    method: 'POST',
    path: '/api/reports',
    summary: 'Report a post, a comment or an account to the moderators (a repeat by the same person changes nothing)',
    tag: 'moderation',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  myRole: {
    method: 'GET',
    path: '/api/users/me/role',
    summary: "The signed-in person's role: member, moderator or admin",
    tag: 'moderation',
    auth: true,
    status: 200,
  },
  reportQueue: {
    method: 'GET',
    path: '/api/admin/reports',
    summary: 'The moderation queue: reports grouped per target, newest first (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    paging: 'always',
  },
  resolveReport: {
    method: 'POST',
    path: '/api/admin/reports/:reportId/resolve',
    summary: 'Resolve a report: dismiss it, remove the content, or suspend its author (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  unsuspendUser: {
    method: 'POST',
    path: '/api/admin/users/:userId/unsuspend',
    summary: 'Lift a suspension (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  restorePost: {
    method: 'POST',
    path: '/api/admin/posts/:postId/restore',
    summary: 'Restore a post the moderators removed: it is seen and counted again (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  restoreComment: {
    method: 'POST',
    path: '/api/admin/comments/:commentId/restore',
    summary: 'Restore a comment the moderators removed: it is seen and counted again (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  setRole: {
    method: 'POST',
    path: '/api/admin/users/:userId/role',
    summary: 'Grant or revoke moderator (admins)',
    tag: 'moderation',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  staff: {
    method: 'GET',
    path: '/api/admin/staff',
    summary: 'Moderators and admins (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    paging: 'always',
  },
  resetLink: {
    method: 'POST',
    path: '/api/admin/users/:userId/reset-link',
    summary: 'A one-time, one-hour account-recovery link for a person (moderators; for a moderator, admins)',
    tag: 'moderation',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  auditLog: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'Every moderator action, newest first (moderators)',
    tag: 'moderation',
    auth: true,
    status: 200,
    paging: 'always',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a recovery link; every earlier token of the account stops working',
    tag: 'auth',
    auth: false,
    status: 200,
    rateLimit: ['loginPerIp'],
  },
  listTodos: {
    method: 'GET',
    path: '/api/test-todos',
    summary: 'Your demo todos, for the request tester (empty without a token)',
    tag: 'test-todos',
    auth: 'optional',
    status: 200,
  },
  createTodo: {
    method: 'POST',
    path: '/api/test-todos',
    summary: 'Add a demo todo',
    tag: 'test-todos',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  deleteTodo: {
    method: 'DELETE',
    path: '/api/test-todos/:todoId',
    summary: 'Delete a demo todo',
    tag: 'test-todos',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});

/** The OpenAPI document of the table and its schemas (served beside the routes, not one of them). */
export const openApiPath = `${apiPrefix}/openapi.json`;

export type RouteName = keyof typeof routes;
/** Any route of the table (each entry of `routes` keeps its own literal types). */
export type Route = RouteSpec & { name: RouteName };
export const allRoutes = Object.values(routes) as Route[];

/**
 * GET /api/notifications/stream: Server-Sent Events, not a JSON call, so it is not in the table
 * (whose every route answers JSON once). Authenticated by the `authorization` header; `notification`
 * events carry `{ notification, unreadCount }`; a comment line every heartbeat; `Last-Event-ID` resumes.
 */
export const notificationStreamPath = `${apiPrefix}/notifications/stream`;
