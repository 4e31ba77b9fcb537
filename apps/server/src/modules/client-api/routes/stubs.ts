import { suggestionsDefaultLimit, trendingTags } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { findUserById, suggestUsers } from '../../accounts';
import { trending } from '../../conversation';
import { accountsOf } from '../account-list';
import { requireUserScope } from '../caller';
import { mastodonVisibility } from '../entities';
import { invalidToken } from '../oauth-error';
import { originOf } from '../origin';

/** A Tag entity: its use counted for today only (Spotter counts a trending window, not days). */
const tagOf = (origin: string, tag: string, uses: number) => ({
  name: tag,
  url: `${origin}/tags/${encodeURIComponent(tag)}`,
  history: [{ day: String(Math.floor(Date.now() / 86_400_000) * 86_400), uses: String(uses), accounts: String(uses) }],
  following: false,
});

/**
 * What apps call as they start (issue 50). Spotter's real data where it has it (trending tags,
 * suggestions, the default visibility); empty lists for what it has not (custom emojis, filters,
 * lists, announcements, followed tags, conversations, trending posts and links), never a 404.
 */
export function stubRoutes(api: FastifyInstance, ctx: AppContext, version: 'v1' | 'v2') {
  const emptyFor = (path: string, scope: Parameters<typeof requireUserScope>[2]) =>
    api.get(path, async (request) => {
      await requireUserScope(request, ctx, scope);
      return [];
    });

  if (version === 'v2') {
    emptyFor('/filters', 'read:filters');
    api.get('/suggestions', async (request) => {
      const { user } = await requireUserScope(request, ctx, 'read:accounts');
      const people = await suggestUsers(ctx.db, user.id, suggestionsDefaultLimit);
      return (await accountsOf(ctx, request, people)).map((account) => ({
        source: 'global',
        sources: ['friends_of_friends'],
        account,
      }));
    });
    return;
  }
  api.get('/custom_emojis', async () => []);
  emptyFor('/filters', 'read:filters');
  emptyFor('/lists', 'read:lists');
  emptyFor('/announcements', 'read');
  emptyFor('/followed_tags', 'read:follows');
  emptyFor('/conversations', 'read:statuses');
  api.get('/trends/statuses', async () => []);
  api.get('/trends/links', async () => []);
  for (const path of ['/trends', '/trends/tags']) {
    api.get(path, async (request) => {
      const since = new Date(Date.now() - trendingTags.days * 86_400_000).toISOString();
      const origin = originOf(request, ctx);
      return (await trending(ctx.db, since)).map((row) => tagOf(origin, row.tag, row.posts));
    });
  }
  api.get('/suggestions', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:accounts');
    return accountsOf(ctx, request, await suggestUsers(ctx.db, user.id, suggestionsDefaultLimit));
  });
  api.get('/preferences', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:accounts');
    const row = await findUserById(ctx.db, user.id);
    if (!row) throw invalidToken();
    return {
      'posting:default:visibility': mastodonVisibility[row.default_visibility],
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });
}
