/** A username's rule (it appears in URLs: /profilepage/{username}); the signup form shows it up front. */
export const usernameRule = { pattern: /^[A-Za-z0-9_.]+$/, maxLength: 30 } as const;

/** The seed's guest account: what 'Login as Guest' uses. Public on purpose (README, login screen). */
export const guestCredentials = { username: 'guest', password: 'spotme-guest-2026' } as const;

/** The 7 preset avatars, shipped with the web app (apps/web/public/avatars). */
export const presetAvatars = [
  '/avatars/avatar-1.svg',
  '/avatars/avatar-2.svg',
  '/avatars/avatar-3.svg',
  '/avatars/avatar-4.svg',
  '/avatars/avatar-5.svg',
  '/avatars/avatar-6.svg',
  '/avatars/avatar-7.svg',
] as const;

/** The fixed avatar a new account starts with. */
export const defaultAvatarUrl = '/avatars/default.svg';

/** SPEC §9 */
export const toastAutoCloseMs = 2000;
export const requestBodyLimitBytes = 1024 * 1024;

/** A new password's length (NIST SP 800-63B: at least 8; at most 128 keeps argon2's input bounded). */
export const passwordLength = { min: 8, max: 128 } as const;

/** A post's text, at most (issue 17: 100 KB posts made every unpaged list huge). */
export const postContentMaxLength = 10_000;

/** Page size of every paged call. */
export const pageLimits = { min: 1, max: 100, default: 20 } as const;

/**
 * POST /api/posts with an `Idempotency-Key` header (printable, at most `maxLength` characters): a
 * retry with the same key by the same person within `hours` answers the post the first call made.
 */
export const postIdempotency = { header: 'idempotency-key', maxLength: 255, hours: 24 } as const;

/** Explore and the home feed: newest first (the default) or trending (like count, then newest). */
export const postOrders = ['newest', 'trending'] as const;
export type PostOrder = (typeof postOrders)[number];

/** User search: at most this many answers, for a query of at most this many characters. */
export const userSearchLimit = 20;
export const userSearchMaxLength = 50;
/** The search page (issue 47): its tabs, in order, as GET /api/search's `type`. */
export const searchTypes = ['people', 'posts', 'tags'] as const;
export type SearchType = (typeof searchTypes)[number];
/** GET /api/search: a text of at most this many characters; people and tags are found up to this deep. */
export const searchMaxLength = 100;
export const searchMaxResults = 200;
export const suggestionsDefaultLimit = 5;

export const mediaTypes = ['image', 'video'] as const;
/** Photos one post may show (issue 47, item 11); a video is shown alone. */
export const postPhotosMax = 4;
export type MediaType = (typeof mediaTypes)[number];

/**
 * Who may see a post (issue 16): everyone, the author's followers, or the author alone. A post
 * created without one gets its author's default (users.default_visibility, 'public' unless changed).
 */
export const postVisibilities = ['public', 'followers', 'private'] as const;
export type PostVisibility = (typeof postVisibilities)[number];
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const acceptedVideoTypes = ['video/mp4', 'video/webm'] as const;
export const defaultMediaLimitsMb = { image: 15, video: 50 } as const;

/** SPEC §3: where the web app keeps the session in localStorage (the journeys sign in through them). */
export const sessionKeys = { token: 'token', username: 'loggedUser', user: 'userData' } as const;

/** Conversation (issue 14): a comment's text, at most; how many people one post or comment may notify by mention. */
export const commentContentMaxLength = 2000;
export const mentionNotifyMax = 10;
/** Trending tags: counted over this many days, at most this many shown. */
export const trendingTags = { days: 7, limit: 10 } as const;
/** A notification names at most this many of its actors (the rest are `actorCount`). */
export const notificationActorsShown = 3;
/** Length of the post or comment excerpt a notification carries. */
export const excerptLength = 80;
/**
 * `report`: the outcome of a report the person made (issue 16); `content_removed`: the moderators
 * removed the person's post or comment, and why (issue 47). Neither names an actor (moderators stay
 * anonymous). `boost`: someone on another server boosted (`Announce`d) the person's post (issue 49).
 */
export const notificationTypes = [
  'like',
  'follow',
  'comment',
  'reply',
  'mention',
  'report',
  'content_removed',
  'boost',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * The kinds the notifications list filters by (issue 47: All, Mentions, Comments, Likes, Follows;
 * issue 49: Boosts, from other servers) and the entry types each one shows: a reply to a comment is a
 * comment. With no kind, every type shows (a report's outcome only there).
 */
export const notificationKinds = ['mention', 'comment', 'like', 'boost', 'follow'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindTypes: Record<NotificationKind, readonly NotificationType[]> = {
  mention: ['mention'],
  comment: ['comment', 'reply'],
  like: ['like'],
  boost: ['boost'],
  follow: ['follow'],
};

/** Reports and moderation (issue 16). */
export const reportReasons = ['spam', 'harassment', 'nudity', 'violence', 'self_harm', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportTargetTypes = ['post', 'comment', 'user'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportActions = ['dismiss', 'remove_content', 'suspend_user'] as const;
export type ReportAction = (typeof reportActions)[number];
export const roles = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
/** What the audit log records: the three outcomes of a report, and the other moderator actions. */
export const auditActions = [
  ...reportActions,
  'unsuspend',
  'restore_content',
  'grant_moderator',
  'revoke_moderator',
  'grant_admin',
  'revoke_admin',
  'reset_link',
] as const;
export type AuditAction = (typeof auditActions)[number];
/** A report's note and a moderator's note, at most. */
export const moderationNoteMaxLength = 500;
/**
 * How long a moderator may suspend someone, in days (issue 47; decision 099): the web offers these
 * and "indefinitely" (no days: until a moderator lifts it); the API takes any whole number up to the last.
 */
export const suspensionDayChoices = [1, 7, 30] as const;
export const suspensionMaxDays = 365;
/** A suspended person's appeal to the moderators (issue 47): one message per suspension, at most this long. */
export const appealMaxLength = 1000;
/** An account-recovery link works once, for this long. */
export const resetLinkTtlMinutes = 60;
/** The web app's page that takes a recovery link: `<origin>/reset-password#token=<token>`. */
export const resetPasswordPath = '/reset-password';
