/** What GET /api/users/me/export answers: a ZIP under this name, with these files (media/ aside). */
export const accountExport = {
  fileName: 'spotter-export.zip',
  files: [
    'profile.json',
    'posts.json',
    'comments.json',
    'workouts.json',
    'workouts.csv',
    'routines.json',
    'likes.json',
    'bookmarks.json',
    'follows.json',
  ],
  /** Original uploads, under their stored names: media/<key>. */
  mediaFolder: 'media/',
} as const;
