/**
 * Every message the API answers with, word for word as SPEC §8 quotes them (trailing spaces included),
 * plus the few Spotter adds. The server sends them as `{ "errors": [message] }`; the web app shows them.
 */
export const apiErrors = {
  usernameNotRegistered: 'The username you entered is not Registered. Not Found error',
  invalidCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  usernameExists: 'Unprocessable Entity. Username Already Exists.',
  cannotEditPost: "Cannot edit a Post doesn't belong to the logged in User.",
  cannotDeletePost: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked. ',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  cannotFollowSelf: 'You cannot follow yourself',
  usernameCannotChange: 'Username cannot be changed',
  // Spotter's own additions (not in the stand-in backend).
  dislikeNotLiked: 'Cannot dislike a post that is not liked.',
  postNotFound: 'Post not found',
  userNotFound: 'User not found',
  // Federation (issue 49): GET /api/users/lookup.
  remoteUserNotFound: 'No one was found at that address: check the name and the server.',
  federationOff: 'This server does not federate: people on other servers cannot be looked up.',
  followAlreadyRequested: 'Your follow request is already waiting for their answer.',
  // Safety (issue 16).
  cannotBlockSelf: 'You cannot block yourself',
  cannotMuteSelf: 'You cannot mute yourself',
  idempotencyKeyInvalid: 'Idempotency-Key: must be 1 to 255 printable characters',
  idempotencyKeyReused: 'Idempotency-Key: this key was already used with a different request.',
  todoNotFound: 'Todo not found',
  sessionNotFound: 'Session not found',
  routeNotFound: 'Not found',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  wrongPassword: 'The current password is not correct.',
  demoGuestPassword: 'The demo guest’s password cannot be changed: sign up for your own account.',
  demoGuestDelete: 'The demo guest cannot be deleted: sign up for your own account.',
  wrongPasswordToDelete: 'The password is not correct: nothing was deleted.',
  // Follow the field's name ("password: ...", "newPassword: ..."), as every validation message does.
  passwordTooShort: 'must be at least 8 characters long',
  passwordTooLong: 'must be at most 128 characters long',
  tooManyRequests: 'Too many requests. Please try again later.',
  // Open notification streams (issue 45): what the next one is told past the caps.
  tooManyStreamsPerson:
    'Too many open notification streams for this account: close a tab or another device’s app and try again.',
  tooManyStreamsAddress: 'Too many open notification streams from this address: close some and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  badUrl: 'The URL is not valid.',
  urlTooLong: 'A part of the URL is too long.',
  internal: 'Internal server error',
  // Uploads (POST /api/media) and the media a post shows.
  noFile: 'No file was sent: attach it as multipart/form-data in the field "file".',
  emptyFile: 'The file is empty.',
  malformedUpload: 'The upload is not valid multipart/form-data.',
  unsupportedFileType:
    'This file type is not supported: upload a JPEG, PNG, WebP, GIF or AVIF photo, or an MP4 or WebM video.',
  imageTooLarge: 'This photo is too large.',
  videoTooLarge: 'This video is too large.',
  videoUploadsOff: 'Video uploads are off on this server: post a photo instead.',
  imageUnreadable: 'This image cannot be read: the file is damaged or incomplete.',
  imageTooManyPixels: 'This image has too many pixels.',
  imageTooLargeDecoded:
    'This image is too large to process once decoded (width × height × colour channels × bit depth): save it smaller or at 8 bits per channel.',
  mediaBusy: 'Too many uploads are being processed right now: try again in a moment.',
  storageQuotaFull: 'Your media storage is full: delete some posts with photos or videos to upload more.',
  videoUnreadable: 'This video cannot be read: the file is damaged, incomplete or has no picture.',
  mediaNotYours: 'A post can only show your own uploads or an https:// link.',
  mediaInUse: 'This upload is already shown by another post.',
  photoNotImage: 'A post with several photos can show photos only: post a video on its own.',
  rangeNotSatisfiable: 'The requested byte range is outside the file.',
  // Remote media shown through this server (issue 49, decision 101).
  remoteMediaRefused: 'This remote file cannot be shown: its address, type or size is not allowed.',
  remoteMediaUnavailable: 'The remote file could not be fetched from its server.',
  // Conversation (issue 14).
  addComment: 'Add content to comment',
  commentNotFound: 'Comment not found',
  replyNotOnPost: 'The comment you reply to is not on this post.',
  cannotEditComment: 'Only its author can edit a comment.',
  cannotDeleteComment: "Only the comment's author or the post's author can delete a comment.",
  // Reports and moderation (issue 16).
  reportOneTarget: 'report: name exactly one of postId, commentId or userId',
  cannotReportSelf: 'You cannot report yourself or your own posts and comments.',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report is already resolved.',
  nothingToRemove: 'A reported account has no content to remove: dismiss the report or suspend the account.',
  moderatorsOnly: 'Only moderators can do this.',
  adminsOnly: 'Only admins can do this.',
  cannotSuspendStaff: 'Moderators and admins cannot be suspended: an admin revokes the role first.',
  cannotChangeAdmin: 'An admin’s role is changed from the server’s command line (npm run admin), not from the app.',
  cannotResetStaff:
    'Only an admin can make a recovery link for a moderator, and admins get theirs from the command line.',
  notSuspended: 'This account is not suspended.',
  notRemoved: 'This post or comment is not removed: there is nothing to restore.',
  accountSuspended: 'This account is suspended by the moderators of this server.',
  // Reasons and appeals (issue 47, item 5).
  suspendDaysOnlyForSuspension: 'suspendDays: only a suspension takes a number of days',
  reasonNeedsNote: 'note: say in a few words why, when the reason is "other"',
  appealAlreadySent: 'You have already appealed this suspension: the moderators have your message.',
  resetLinkInvalid:
    'This recovery link is not valid: it was already used, has expired, or was replaced by a newer one.',
  // OAuth's consent step (issue 50), in Spotter's own API.
  oauthUnknownApp: 'No app with this client_id is registered on this server.',
  oauthRedirectMismatch: 'redirect_uri: this app did not register this address.',
  oauthScopeInvalid: 'scope: the app asks for scopes it did not register, or for unknown ones.',
  // Federation operations (issue 49, decision 096).
  invalidDomain: 'The domain must be a host name, such as example.com.',
  domainNotBlocked: 'That domain is not blocked.',
  followRequestNotFound: 'There is no such follow request.',
} as const;

/**
 * The messages of the Mastodon-compatible client API (issue 50), sent as `{ "error": message }`.
 * Mastodon's own words where clients show or match them.
 */
export const mastodonErrors = {
  invalidToken: 'The access token is invalid',
  outsideScopes: 'This action is outside the authorized scopes',
  userRequired: 'This method requires an authenticated user',
  notFound: 'Record not found',
  appsOnly: 'This method requires an app token',
  /** A 429 of the client API, in Mastodon's words (Spotter's own API keeps its own). */
  tooManyRequests: 'Too many requests',
} as const;

/** Texts the web app shows (SPEC §5 and §8). */
export const uiMessages = {
  fillAllFields: 'Please enter all the fields',
  usernameEmpty: 'username is empty',
  passwordEmpty: 'Password is empty',
  addContent: 'Add content to post',
  jsonFormat: 'Error in JSON format',
  loggedIn: "You're successfully logged in!",
  signupWelcome: 'Welcome to Spotter!',
  signedUp: "You're successfully signed up!",
  userExists: 'User already exists! Please select to login!',
  posted: 'Posted successfully!',
  updated: 'Updated successfully!',
  postDeleted: 'Post Deleted successfully!',
  noBookmarks: 'No Bookmarks yet!',
  noLikedPosts: 'No Liked Posts yet!',
  noUserFound: 'No user found',
  responseUndefined: 'Response is undefined.',
  routeError: 'Unexpected Application Error!',
  photosOnly: 'Photos only: video uploads are off on this server.',
  tooManyPhotos: 'A post can show up to 4 photos.',
} as const;

/** The shape of every 4xx answer. */
export type ApiErrorBody = { errors: string[] };

/** The shape of a 500 (SPEC §8): a bug on the server, never the client's doing. */
export type InternalErrorBody = { error: string };
