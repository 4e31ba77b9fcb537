import { resetPasswordPath, type SearchType, verifyEmailPath } from '@spotter/contract';

/** The last segment of a profile tab's address (`/profilepage/{u}/workouts`); Posts is the profile's own. */
export const profileTabSegments = { workouts: 'workouts', records: 'records' } as const;

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
  /** A profile's Workouts or Records tab, each its own address so that Back returns to it (issue 47). */
  profileTab: (username: string, tab: keyof typeof profileTabSegments) =>
    `/profilepage/${encodeURIComponent(username)}/${profileTabSegments[tab]}`,
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
  // The search page (issue 47): a text and the tab (People unless named).
  search: (q: string, type: SearchType = 'people') =>
    `/search?${new URLSearchParams(type === 'people' ? { q } : { q, type }).toString()}`,
  searchPattern: '/search',
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
