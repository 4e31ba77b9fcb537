import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { PageRequest } from '../../../paging/page-request';
import { tagPage } from '../../conversation';
import { explorePage, homePage, type Page, type PostOrigin, reactedPage } from '../../posts';
import { callerOf, requireUserScope } from '../caller';
import { cursorOf, cursorPageOf, mastodonPageOf, setLinks, setStatusLinks, statusPage } from '../paging';
import { statusesJson } from '../status-json';

type TagParams = { Params: { tag: string } };

const truthy = (value: unknown) => value === 'true' || value === '1';

/** A newest-first list of posts as Statuses, paged and linked as Mastodon's timelines are. */
async function timelineAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  read: (page: PageRequest) => Promise<Page>,
) {
  const paging = mastodonPageOf(request);
  const page = await statusPage(ctx, paging, read);
  setStatusLinks(ctx, request, reply, paging, page);
  return jsonAnswer(reply, await statusesJson(ctx, request, page.posts));
}

/** JSON written here, sent as it is with the type Fastify gives the JSON it serializes itself. */
function jsonAnswer(reply: FastifyReply, json: Buffer) {
  reply.type('application/json; charset=utf-8');
  return json;
}

/** Timelines (issue 50): home, public, a tag's; bookmarks and favourites. */
export function timelineRoutes(v1: FastifyInstance, ctx: AppContext) {
  // Spotter's home feed, read by the same query as GET /api/feed (newest first).
  v1.get('/timelines/home', async (request, reply) => {
    const { user } = await requireUserScope(request, ctx, 'read:statuses');
    return timelineAnswer(ctx, request, reply, (page) => homePage(ctx.db, user.id, 'newest', page));
  });

  // Explore's posts: every public post the caller may see, this server's and (with federation on)
  // those other servers' people wrote; `local=true` keeps this server's, `remote=true` the others'.
  v1.get('/timelines/public', async (request, reply) => {
    const caller = await callerOf(request, ctx);
    const query = request.query as Record<string, unknown>;
    const origin: PostOrigin = truthy(query.local) ? 'local' : truthy(query.remote) ? 'remote' : 'all';
    return timelineAnswer(ctx, request, reply, (page) => explorePage(ctx.db, caller?.user?.id, 'newest', page, origin));
  });

  v1.get<TagParams>('/timelines/tag/:tag', async (request, reply) => {
    const caller = await callerOf(request, ctx);
    // Spotter's tags are stored lowercase, without the '#'.
    const tag = request.params.tag.replace(/^#/, '').toLowerCase();
    return timelineAnswer(ctx, request, reply, (page) => tagPage(ctx.db, caller?.user?.id, tag, page));
  });

  for (const [path, table, scope] of [
    ['/bookmarks', 'bookmarks', 'read:bookmarks'],
    ['/favourites', 'likes', 'read:favourites'],
  ] as const) {
    // Paged by the time of the bookmark or like, as Mastodon pages them: by an id of its own, not
    // the status's, so `max_id` is the cursor of the Link's `next`.
    v1.get(path, async (request, reply) => {
      const { user } = await requireUserScope(request, ctx, scope);
      const paging = mastodonPageOf(request);
      const page = await reactedPage(ctx.db, user.id, table, cursorPageOf(paging));
      setLinks(ctx, request, reply, paging, { next: cursorOf(page.next), prev: undefined });
      return jsonAnswer(reply, await statusesJson(ctx, request, page.posts));
    });
  }
}
