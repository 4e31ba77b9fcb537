import {
  acceptedImageTypes,
  acceptedVideoTypes,
  commentContentMaxLength,
  postContentMaxLength,
} from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { countMembers } from '../../accounts';
import { countPosts } from '../../posts';
import { originOf } from '../origin';

/**
 * The Mastodon API version Spotter answers as, carried in `version` the way GoToSocial, Akkoma and
 * Hollo carry theirs (`4.3.0 (compatible; Spotter 1.0.0)`): clients read the leading number to
 * decide which calls to try. `api_versions.mastodon` is Mastodon 4.3's own signal of the same.
 */
export const mastodonCompatibility = { version: '4.3.0', apiVersion: 2 } as const;
export const spotterVersion = '1.0.0';
export const instanceVersion = `${mastodonCompatibility.version} (compatible; Spotter ${spotterVersion})`;

const title = 'Spotter';
const description = 'Spotter: a social network for training, with a training log.';

/** What the server takes, the same limits Spotter's own API enforces. */
function limitsOf(ctx: AppContext) {
  const { maxImageBytes, maxVideoBytes } = ctx.config.media;
  return {
    statuses: { max_characters: postContentMaxLength, max_media_attachments: 1, characters_reserved_per_url: 0 },
    media_attachments: {
      supported_mime_types: [...acceptedImageTypes, ...(ctx.videoUploads ? acceptedVideoTypes : [])],
      image_size_limit: maxImageBytes,
      image_matrix_limit: 4096 * 4096,
      video_size_limit: ctx.videoUploads ? maxVideoBytes : 0,
      video_frame_rate_limit: 60,
      video_matrix_limit: 1920 * 1080,
      description_limit: commentContentMaxLength,
    },
    polls: { max_options: 0, max_characters_per_option: 0, min_expiration: 0, max_expiration: 0 },
  };
}

/** GET /api/v1/instance, /api/v2/instance and /api/v1/instance/peers (no federation: no peers). */
export function instanceRoutes(api: FastifyInstance, ctx: AppContext, version: 'v1' | 'v2') {
  if (version === 'v2') {
    api.get('/instance', async (request) => {
      const origin = originOf(request, ctx);
      const limits = limitsOf(ctx);
      return {
        domain: new URL(origin).host,
        title,
        version: instanceVersion,
        source_url: origin,
        description,
        usage: { users: { active_month: await countMembers(ctx.db) } },
        thumbnail: { url: `${origin}/favicon.svg` },
        icon: [],
        languages: ['en'],
        configuration: {
          urls: { streaming: origin.replace(/^http/, 'ws') },
          vapid: { public_key: '' },
          accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
          ...limits,
          translation: { enabled: false },
        },
        registrations: { enabled: true, approval_required: false, message: null },
        api_versions: { mastodon: mastodonCompatibility.apiVersion },
        contact: { email: '', account: null },
        rules: [],
      };
    });
    return;
  }
  api.get('/instance', async (request) => {
    const origin = originOf(request, ctx);
    const [users, posts] = await Promise.all([countMembers(ctx.db), countPosts(ctx.db)]);
    return {
      uri: new URL(origin).host,
      title,
      short_description: description,
      description,
      email: '',
      version: instanceVersion,
      urls: { streaming_api: origin.replace(/^http/, 'ws') },
      stats: { user_count: users, status_count: posts, domain_count: 0 },
      thumbnail: `${origin}/favicon.svg`,
      languages: ['en'],
      registrations: true,
      approval_required: false,
      invites_enabled: false,
      configuration: { accounts: { max_featured_tags: 0 }, ...limitsOf(ctx) },
      contact_account: null,
      rules: [],
    };
  });
  api.get('/instance/peers', async () => []);
}
