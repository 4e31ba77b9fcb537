import { z } from 'zod';

/**
 * Mastodon's JSON entities (issue 50), written from docs.joinmastodon.org/entities/: what Spotter's
 * client API answers (docs/client-api.md). The API tests hold every answer against them.
 */

/** Error: `{ error }`, and on OAuth's calls RFC 6749's `error_description` beside it. */
export const mastodonErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Application, as verify_credentials shows it (no secret). */
export const mastodonApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  scopes: z.array(z.string()),
  /** Deprecated by Mastodon 4.3 for `redirect_uris`: the addresses joined by newlines. */
  redirect_uri: z.string(),
  redirect_uris: z.array(z.string()),
});
export type MastodonApplication = z.infer<typeof mastodonApplicationSchema>;

/** CredentialApplication: what POST /api/v1/apps answers, the one time the secret is shown. */
export const mastodonCredentialApplicationSchema = mastodonApplicationSchema.extend({
  client_id: z.string(),
  client_secret: z.string(),
  /** 0: the secret does not expire. */
  client_secret_expires_at: z.literal(0),
});

/** Token (RFC 6749 5.1), as POST /oauth/token answers. */
export const mastodonTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
  expires_in: z.number().int().optional(),
  refresh_token: z.string().optional(),
});
export type MastodonToken = z.infer<typeof mastodonTokenSchema>;

/** RFC 8414's server metadata, as Mastodon 4.3 answers it at /.well-known/oauth-authorization-server. */
export const oauthServerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  app_registration_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  service_documentation: z.string(),
});

/** POST /api/v1/apps: `redirect_uris` a string (one address, or several a line each) or an array. */
export const mastodonCreateAppBodySchema = z.object({
  client_name: z.string().trim().min(1).max(200),
  redirect_uris: z.union([z.string().min(1).max(4000), z.array(z.string().min(1).max(2000)).min(1).max(10)]),
  scopes: z.string().max(2000).optional(),
  website: z.string().max(2000).optional().nullable(),
});

/** Account (docs.joinmastodon.org/entities/Account/): `note` is HTML, counts are numbers, times ISO 8601. */
export const mastodonAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  acct: z.string(),
  display_name: z.string(),
  locked: z.boolean(),
  bot: z.boolean(),
  discoverable: z.boolean().nullable(),
  group: z.boolean(),
  created_at: z.string(),
  note: z.string(),
  url: z.string(),
  avatar: z.string(),
  avatar_static: z.string(),
  header: z.string(),
  header_static: z.string(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  statuses_count: z.number().int(),
  last_status_at: z.string().nullable(),
  emojis: z.array(z.unknown()),
  fields: z.array(z.object({ name: z.string(), value: z.string(), verified_at: z.string().nullable() })),
});

/** CredentialAccount: the caller's own Account with `source`, the plain text of what they wrote. */
export const mastodonCredentialAccountSchema = mastodonAccountSchema.extend({
  source: z.object({
    privacy: z.enum(['public', 'unlisted', 'private', 'direct']),
    sensitive: z.boolean(),
    language: z.string().nullable(),
    note: z.string(),
    fields: z.array(z.object({ name: z.string(), value: z.string(), verified_at: z.string().nullable() })),
    follow_requests_count: z.number().int(),
  }),
});

const statusLimits = z.object({
  max_characters: z.number().int(),
  max_media_attachments: z.number().int(),
  characters_reserved_per_url: z.number().int(),
});
const mediaLimits = z.object({
  supported_mime_types: z.array(z.string()),
  image_size_limit: z.number().int(),
  image_matrix_limit: z.number().int(),
  video_size_limit: z.number().int(),
  video_frame_rate_limit: z.number().int(),
  video_matrix_limit: z.number().int(),
  description_limit: z.number().int(),
});
const pollLimits = z.object({
  max_options: z.number().int(),
  max_characters_per_option: z.number().int(),
  min_expiration: z.number().int(),
  max_expiration: z.number().int(),
});

/** Instance (v2), as GET /api/v2/instance answers: docs.joinmastodon.org/entities/Instance/. */
export const mastodonInstanceSchema = z.object({
  domain: z.string(),
  title: z.string(),
  version: z.string(),
  source_url: z.string(),
  description: z.string(),
  usage: z.object({ users: z.object({ active_month: z.number().int() }) }),
  thumbnail: z.object({ url: z.string() }),
  icon: z.array(z.unknown()),
  languages: z.array(z.string()),
  configuration: z.object({
    urls: z.object({ streaming: z.string() }),
    vapid: z.object({ public_key: z.string() }),
    accounts: z.object({ max_featured_tags: z.number().int(), max_pinned_statuses: z.number().int() }),
    statuses: statusLimits,
    media_attachments: mediaLimits,
    polls: pollLimits,
    translation: z.object({ enabled: z.boolean() }),
  }),
  registrations: z.object({ enabled: z.boolean(), approval_required: z.boolean(), message: z.string().nullable() }),
  api_versions: z.object({ mastodon: z.number().int() }),
  contact: z.object({ email: z.string(), account: z.unknown().nullable() }),
  rules: z.array(z.unknown()),
});

/** V1::Instance, as GET /api/v1/instance answers (deprecated by Mastodon, still read by many apps). */
export const mastodonInstanceV1Schema = z.object({
  uri: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  email: z.string(),
  version: z.string(),
  urls: z.object({ streaming_api: z.string() }),
  stats: z.object({ user_count: z.number().int(), status_count: z.number().int(), domain_count: z.number().int() }),
  thumbnail: z.string().nullable(),
  languages: z.array(z.string()),
  registrations: z.boolean(),
  approval_required: z.boolean(),
  invites_enabled: z.boolean(),
  configuration: z.object({
    accounts: z.object({ max_featured_tags: z.number().int() }),
    statuses: statusLimits,
    media_attachments: mediaLimits,
    polls: pollLimits,
  }),
  contact_account: z.unknown().nullable(),
  rules: z.array(z.unknown()),
});

/** Relationship: where the caller stands with one account. */
export const mastodonRelationshipSchema = z.object({
  id: z.string(),
  following: z.boolean(),
  showing_reblogs: z.boolean(),
  notifying: z.boolean(),
  languages: z.array(z.string()),
  followed_by: z.boolean(),
  blocking: z.boolean(),
  blocked_by: z.boolean(),
  muting: z.boolean(),
  muting_notifications: z.boolean(),
  requested: z.boolean(),
  requested_by: z.boolean(),
  domain_blocking: z.boolean(),
  endorsed: z.boolean(),
  note: z.string(),
});

/** MediaAttachment: a post's photo or video. */
export const mastodonMediaAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(['image', 'gifv', 'video', 'audio', 'unknown']),
  url: z.string(),
  preview_url: z.string().nullable(),
  remote_url: z.string().nullable(),
  meta: z.object({ original: z.object({ width: z.number(), height: z.number() }) }).nullable(),
  description: z.string().nullable(),
  blurhash: z.string().nullable(),
});

/** PreviewCard: a link's preview; Spotter gives one for a workout a post carries (issue 50). */
export const mastodonPreviewCardSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(['link', 'photo', 'video', 'rich']),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  image: z.string().nullable(),
  embed_url: z.string(),
  blurhash: z.string().nullable(),
});

/** Tag: a hashtag, with its recent use by day (numbers as strings, as Mastodon sends them). */
export const mastodonTagSchema = z.object({
  name: z.string(),
  url: z.string(),
  history: z.array(z.object({ day: z.string(), uses: z.string(), accounts: z.string() })),
  following: z.boolean().optional(),
});

/** Status: a post. `text` only in the answer of a delete (the source, for "delete and redraft"). */
export const mastodonStatusSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  in_reply_to_id: z.string().nullable(),
  in_reply_to_account_id: z.string().nullable(),
  sensitive: z.boolean(),
  spoiler_text: z.string(),
  visibility: z.enum(['public', 'unlisted', 'private', 'direct']),
  language: z.string().nullable(),
  uri: z.string(),
  url: z.string().nullable(),
  replies_count: z.number().int(),
  reblogs_count: z.number().int(),
  favourites_count: z.number().int(),
  edited_at: z.string().nullable(),
  favourited: z.boolean(),
  reblogged: z.boolean(),
  muted: z.boolean(),
  bookmarked: z.boolean(),
  content: z.string(),
  reblog: z.null(),
  account: mastodonAccountSchema,
  media_attachments: z.array(mastodonMediaAttachmentSchema),
  mentions: z.array(z.unknown()),
  tags: z.array(z.unknown()),
  emojis: z.array(z.unknown()),
  card: mastodonPreviewCardSchema.nullable(),
  poll: z.null(),
  text: z.string().optional(),
});
