import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { findProfileUser, findVisibleUserByPublicId, searchUsers } from '../../accounts';
import { authorPage } from '../../posts';
import { followPage } from '../../social';
import { accountsOf } from '../account-list';
import { flagOf } from '../bodies';
import { callerOf, requireUserScope } from '../caller';
import { accountOf } from '../entities';
import { recordNotFound } from '../oauth-error';
import { originOf } from '../origin';
import { cursorOf, cursorPageOf, mastodonPageOf, setLinks, setStatusLinks, statusPage } from '../paging';
import { statusesOf } from '../status-list';

type IdParams = { Params: { id: string } };

/** Accounts' lists (issue 50): a person's statuses, followers and following; lookup and search. */
export function accountListRoutes(v1: FastifyInstance, ctx: AppContext) {
  // Public, as Mastodon's: a token, when one comes, must hold and makes its person the viewer.
  v1.get<IdParams>('/accounts/:id/statuses', async (request, reply) => {
    const viewerId = (await callerOf(request, ctx))?.user?.id;
    const person = await findVisibleUserByPublicId(ctx.db, request.params.id, viewerId);
    if (!person) throw recordNotFound();
    const query = request.query as Record<string, unknown>;
    const paging = mastodonPageOf(request);
    // Spotter has no pinned posts; its posts are never replies, so exclude_replies changes nothing.
    if (flagOf(query.pinned)) return [];
    const page = await statusPage(ctx, paging, (at) => authorPage(ctx.db, viewerId, person.id, at));
    setStatusLinks(ctx, request, reply, paging, page);
    // only_media keeps a page's posts with a photo or video; the Link goes on from the page's last post.
    const posts = flagOf(query.only_media)
      ? page.posts.filter((post) => post.image || post.photos.length > 0)
      : page.posts;
    return statusesOf(ctx, request, posts);
  });

  for (const side of ['followers', 'following'] as const) {
    v1.get<IdParams>(`/accounts/:id/${side}`, async (request, reply) => {
      const viewerId = (await callerOf(request, ctx))?.user?.id;
      const person = await findVisibleUserByPublicId(ctx.db, request.params.id, viewerId);
      if (!person) throw recordNotFound();
      const paging = mastodonPageOf(request, 80);
      const { limit, after } = cursorPageOf(paging);
      const page = await followPage(ctx.db, person.id, side, limit, after, viewerId);
      setLinks(ctx, request, reply, paging, { next: cursorOf(page.next), prev: undefined });
      return accountsOf(ctx, request, page.users);
    });
  }

  // `acct` is a username, or username@this-server (other servers' people are not looked up here).
  v1.get('/accounts/lookup', async (request) => {
    const viewerId = (await callerOf(request, ctx))?.user?.id;
    const acct = String((request.query as Record<string, unknown>).acct ?? '').replace(/^@/, '');
    const [username, domain] = acct.split('@');
    const host = new URL(originOf(request, ctx)).host;
    if (!username || (domain !== undefined && domain.toLowerCase() !== host.toLowerCase())) throw recordNotFound();
    const person = await findProfileUser(ctx.db, username, viewerId, false);
    if (!person) throw recordNotFound();
    return accountOf(person, originOf(request, ctx));
  });

  v1.get('/accounts/search', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:accounts');
    const query = request.query as Record<string, unknown>;
    const q = typeof query.q === 'string' ? query.q.trim().replace(/^@/, '') : '';
    if (q === '') return [];
    const { limit } = mastodonPageOf(request);
    return accountsOf(ctx, request, await searchUsers(ctx.db, q, limit, user.id));
  });
}
