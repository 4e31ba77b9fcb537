/**
 * Who may see a post (issue 16): everyone, the author's followers, or the author alone. A person's
 * account settings hold the one a new post gets when its author picks none.
 */
export const postVisibilities = ['public', 'followers', 'private'] as const;
export type PostVisibility = (typeof postVisibilities)[number];

/** What GET /api/users/me/export answers: a ZIP under this name, with these files (media/ aside). */
export const accountExport = {
  fileName: 'spotter-export.zip',
  files: [
    'profile.json',
    'posts.json',
    'comments.json',
    'workouts.json',
    'workouts.csv',
    'likes.json',
    'bookmarks.json',
    'follows.json',
  ],
  /** Original uploads, under their stored names: media/<key>. */
  mediaFolder: 'media/',
} as const;
