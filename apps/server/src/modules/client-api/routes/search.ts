import { scopeCovers } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { findUserByUsername, findVisibleUserByPublicId, searchUsers } from '../../accounts';
import { tagsStartingWith } from '../../conversation';
import { postSearchPage } from '../../search';
import { callerOf } from '../caller';
import { accountOf, statusOf } from '../entities';
import { outsideScopes, validationFailed } from '../oauth-error';
import { originOf } from '../origin';
import { limitOf } from '../paging-links';

type SearchQuery = { q?: string; type?: string; limit?: string; offset?: string };
const types = ['accounts', 'hashtags', 'statuses'] as const;

/**
 * GET /api/v2/search (issue 50) through the queries of Spotter's own search page: people by username
 * and name, tags by their start, posts by their words, each only as the caller may see them.
 * `resolve` is accepted and does nothing (no federation lookups); `offset` pages accounts and
 * hashtags, statuses give their first page only.
 */
export function searchRoutes(v2: FastifyInstance, ctx: AppContext) {
  v2.get('/search', async (request) => {
    const caller = await callerOf(request, ctx);
    if (caller && !scopeCovers(caller.scopes, 'read:search')) throw outsideScopes();
    const query = request.query as SearchQuery;
    const q = (query.q ?? '').trim();
    if (query.type !== undefined && !(types as readonly string[]).includes(query.type)) {
      throw validationFailed('type must be accounts, hashtags or statuses');
    }
    const limit = limitOf(query.limit, 20, 40);
    const offset = Math.max(0, Number.parseInt(query.offset ?? '0', 10) || 0);
    const wants = (type: (typeof types)[number]) => q !== '' && (query.type === undefined || query.type === type);
    const viewer = caller?.user?.id;
    const origin = originOf(request, ctx);

    const accounts = [];
    if (wants('accounts')) {
      for (const person of await searchUsers(ctx.db, q.replace(/^@/, ''), limit, viewer, offset)) {
        const row = await findVisibleUserByPublicId(ctx.db, person._id, viewer);
        if (row) accounts.push(accountOf(row, origin));
      }
    }
    const tag = q.replace(/^#/, '').toLowerCase();
    const hashtags =
      wants('hashtags') && /^[\p{L}\p{N}_]+$/u.test(tag)
        ? (await tagsStartingWith(ctx.db, viewer, tag, limit, offset)).map((row) => ({
            name: row.tag,
            url: `${origin}/tags/${encodeURIComponent(row.tag)}`,
            history: [],
            following: false,
          }))
        : [];
    const statuses = [];
    if (wants('statuses') && offset === 0) {
      const page = await postSearchPage(ctx.db, viewer, q, { limit, after: undefined });
      for (const post of page.posts) {
        const author = await findUserByUsername(ctx.db, post.author.username);
        if (author) statuses.push(statusOf(post, author, origin));
      }
    }
    return { accounts, statuses, hashtags };
  });
}
