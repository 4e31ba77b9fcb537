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
  post: (postId: string) => `/postpage/${encodeURIComponent(postId)}`,
  postPattern: '/postpage/:postId',
  logWorkout: '/workout/new',
} as const;
