import type { CardPost } from '@spotter/contract';
import type { AccountRow, UserRow } from '../../db/schema';
import { toApiTimestamp } from '../../db/time';
import { workoutHeadline, workoutLines } from './workout-text';

/** Text as Mastodon's HTML fields carry it: escaped, a paragraph, line breaks kept. */
export function htmlOf(text: string): string {
  if (text.trim() === '') return '';
  const escaped = text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
  return `<p>${escaped.replaceAll('\n', '<br>')}</p>`;
}

export const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** Spotter's visibility in Mastodon's words: followers-only is `private`, only-me is `direct`. */
export const mastodonVisibility = { public: 'public', followers: 'private', private: 'direct' } as const;

/** A person as Mastodon's Account entity; their website is a profile field, as Mastodon shows one. */
export function accountOf(user: AccountRow, origin: string) {
  const avatar = absolute(origin, user.avatar_url);
  const fields = user.website ? [{ name: 'Website', value: htmlOf(user.website), verified_at: null }] : [];
  return {
    id: user.public_id,
    username: user.username,
    acct: user.username,
    display_name: `${user.firstname} ${user.lastname}`.trim(),
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: toApiTimestamp(user.created_at),
    note: htmlOf(user.bio),
    url: `${origin}/profilepage/${encodeURIComponent(user.username)}`,
    avatar,
    avatar_static: avatar,
    header: '',
    header_static: '',
    followers_count: user.follower_count,
    following_count: user.following_count,
    statuses_count: user.post_count,
    last_status_at: null,
    emojis: [],
    fields,
  };
}

/** The caller's own Account, with `source`: what they wrote, as plain text. */
export function credentialAccountOf(user: UserRow, origin: string) {
  return {
    ...accountOf(user, origin),
    source: {
      privacy: mastodonVisibility[user.default_visibility],
      sensitive: false,
      language: null,
      note: user.bio,
      fields: user.website ? [{ name: 'Website', value: user.website, verified_at: null }] : [],
      follow_requests_count: 0,
    },
  };
}

/**
 * A workout as Mastodon's PreviewCard: apps that show link cards show its headline and exercises
 * and link to its page on Spotter (the content carries the same lines for apps that show no cards).
 */
function workoutCardOf(post: CardPost, workout: NonNullable<CardPost['workout']>, author: AccountRow, origin: string) {
  return {
    url: `${origin}/workouts/${encodeURIComponent(workout._id)}`,
    title: workoutHeadline(workout),
    description: workoutLines(workout).slice(1).join('\n'),
    type: 'link' as const,
    author_name: `${author.firstname} ${author.lastname}`.trim(),
    author_url: `${origin}/profilepage/${encodeURIComponent(author.username)}`,
    provider_name: 'Spotter',
    provider_url: origin,
    html: '',
    width: 0,
    height: 0,
    image: post.image ? absolute(origin, post.image) : null,
    embed_url: '',
    blurhash: null,
  };
}

/**
 * A post as Mastodon's Status entity: its text as HTML, its photo or video as a MediaAttachment.
 * `account`: its author's Account, when a list has built it once for all their posts.
 */
export function statusOf(
  post: CardPost,
  author: AccountRow,
  origin: string,
  account: ReturnType<typeof accountOf> = accountOf(author, origin),
) {
  const attachment = (
    id: string,
    type: string,
    src: string,
    width: number | null,
    height: number | null,
    alt: string | null,
  ) => ({
    id,
    type,
    url: absolute(origin, src),
    preview_url: absolute(origin, src),
    remote_url: null,
    meta: width && height ? { original: { width, height } } : null,
    description: alt,
    blurhash: null,
  });
  // Every photo of a post of several (issue 47), else its one photo or video.
  const media =
    post.photos.length > 1
      ? post.photos.map((photo, i) =>
          attachment(`${post._id}-media-${i}`, 'image', photo.url, photo.width, photo.height, photo.alt),
        )
      : post.image && post.mediaType
        ? [attachment(`${post._id}-media`, post.mediaType, post.image, post.mediaWidth, post.mediaHeight, post.alt)]
        : [];
  const url = `${origin}/postpage/${encodeURIComponent(post._id)}`;
  return {
    id: post._id,
    created_at: toApiTimestamp(post.createdAt),
    in_reply_to_id: null as string | null,
    in_reply_to_account_id: null as string | null,
    sensitive: false,
    spoiler_text: '',
    visibility: mastodonVisibility[post.visibility],
    language: null,
    uri: url,
    url,
    replies_count: post.commentCount,
    reblogs_count: 0,
    favourites_count: post.likeCount,
    edited_at: post.editedAt === null ? null : toApiTimestamp(post.editedAt),
    favourited: post.likedByMe,
    reblogged: false,
    muted: false,
    bookmarked: post.bookmarkedByMe,
    content: htmlOf(post.workout ? [post.content, ...workoutLines(post.workout)].join('\n').trim() : post.content),
    reblog: null,
    account,
    media_attachments: media,
    mentions: [],
    tags: [],
    emojis: [],
    card: post.workout ? workoutCardOf(post, post.workout, author, origin) : null,
    poll: null,
  };
}
