import { resetPasswordPath, verifyEmailPath } from '@spotter/contract';

/** Every route of SPEC §2 in one place; components never spell a path themselves. */
export const paths = {
  login: '/',
  signup: '/signup',
  requestTester: '/test',
  home: '/landing',
  explore: '/explore',
  bookmarks: '/bookmark',
  likedPosts: '/likepage',
  profile: (username: string) => `/profilepage/${encodeURIComponent(username)}`,
  profilePattern: '/profilepage/:username',
  followers: (username: string) => `/profilepage/${encodeURIComponent(username)}/followers`,
  following: (username: string) => `/profilepage/${encodeURIComponent(username)}/following`,
  followListPattern: '/profilepage/:username/:side',
  post: (postId: string) => `/postpage/${encodeURIComponent(postId)}`,
  /** A post opened at one of its comments, scrolled to and highlighted (issue 47). */
  postComment: (postId: string, commentId: string) =>
    `/postpage/${encodeURIComponent(postId)}#comment-${encodeURIComponent(commentId)}`,
  postPattern: '/postpage/:postId',
  // Conversation (issue 14).
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
  tagPattern: '/tags/:tag',
  notifications: '/notifications',
  logWorkout: '/workout/new',
  // A past workout's page (issue 46): its owner edits, deletes, shares or saves it as a routine.
  workout: (workoutId: string) => `/workouts/${encodeURIComponent(workoutId)}`,
  workoutPattern: '/workouts/:workoutId',
  // Moderation (issue 16): the moderators' screen, and the page a recovery link opens.
  admin: '/admin',
  resetPassword: resetPasswordPath,
  // Email (issue 45): "Forgot password?", and the page a verification mail links to.
  forgotPassword: '/forgot-password',
  verifyEmail: verifyEmailPath,
  // The member's own settings and data (issues 16 and 17).
  settings: '/settings',
  // OAuth 2's consent screen (issue 50): an app sends the browser here, Mastodon's address for it.
  oauthAuthorize: '/oauth/authorize',
  // Safety (issue 16).
  blocked: '/settings/blocked',
} as const;
