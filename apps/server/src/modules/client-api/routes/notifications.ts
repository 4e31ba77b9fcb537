import type { Notification } from '@spotter/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { Key } from '../../../db/schema';
import {
  dismissNotifications,
  notificationByPublicId,
  notificationKeysetOf,
  notificationPage,
  notificationsSince,
  publishUnreadCount,
} from '../../notifications';
import { requireUserScope } from '../caller';
import { notificationGroupOf, notificationOf, notificationParts, spotterTypesFor } from '../notification-entity';
import { recordNotFound } from '../oauth-error';
import { originOf } from '../origin';
import { limitOf, listParam, setPageLinks } from '../paging-links';

type IdParams = { Params: { id: string } };
type PageQuery = { max_id?: string; since_id?: string; min_id?: string; limit?: string };

/**
 * A page of the caller's entries as Mastodon pages them: newest first, before `max_id`; or the
 * entries just after `min_id` (going back up the list); `since_id` cuts the newest page at that entry.
 * An id that is not the caller's entry reads as the newest page, as Mastodon answers an unknown id.
 */
async function entriesPage(ctx: AppContext, request: FastifyRequest, userId: Key, max: number) {
  const query = request.query as PageQuery;
  const limit = limitOf(query.limit, Math.min(40, max), max);
  const types = spotterTypesFor(listParam(request, 'types'), listParam(request, 'exclude_types'));
  if (query.min_id) {
    const from = await notificationKeysetOf(ctx.db, userId, query.min_id);
    if (from) {
      const later = await notificationsSince(ctx.db, userId, from.t, limit * 2);
      const entries = later
        .filter((entry) => types.includes(entry.type))
        .slice(0, limit)
        .reverse();
      return { entries, hasNext: true };
    }
  }
  const after = query.max_id ? await notificationKeysetOf(ctx.db, userId, query.max_id) : undefined;
  const page = await notificationPage(ctx.db, userId, { limit, after, types });
  const since = query.since_id ? await notificationKeysetOf(ctx.db, userId, query.since_id) : undefined;
  const entries = since ? page.notifications.filter((entry) => entry.createdAt > since.t) : page.notifications;
  return { entries, hasNext: page.next !== null };
}

function linkPage(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  entries: Notification[],
  hasNext: boolean,
) {
  setPageLinks(request, reply, origin, { firstId: entries[0]?._id, lastId: entries.at(-1)?._id, hasNext });
}

/**
 * Notifications (issue 50) from Spotter's own list and its rules (who sees what, grouping, hidden
 * actors): v1 one Notification per entry, v2 Spotter's entries as Mastodon's groups. Dismissing and
 * clearing delete the entries, and the person's other devices hear the new unread count.
 */
export function notificationRoutes(api: FastifyInstance, ctx: AppContext, version: 'v1' | 'v2') {
  if (version === 'v2') {
    api.get('/notifications', async (request, reply) => {
      const { user } = await requireUserScope(request, ctx, 'read:notifications');
      const origin = originOf(request, ctx);
      const { entries, hasNext } = await entriesPage(ctx, request, user.id, 80);
      const parts = await notificationParts(ctx, user.id, entries, origin);
      linkPage(request, reply, origin, entries, hasNext);
      return {
        accounts: [...parts.accounts.values()],
        statuses: [...parts.statuses.values()],
        notification_groups: entries.flatMap((entry) => notificationGroupOf(entry, parts) ?? []),
      };
    });
    return;
  }

  api.get('/notifications', async (request, reply) => {
    const { user } = await requireUserScope(request, ctx, 'read:notifications');
    const origin = originOf(request, ctx);
    const { entries, hasNext } = await entriesPage(ctx, request, user.id, 80);
    const parts = await notificationParts(ctx, user.id, entries, origin);
    linkPage(request, reply, origin, entries, hasNext);
    return entries.flatMap((entry) => notificationOf(entry, parts) ?? []);
  });

  api.get<IdParams>('/notifications/:id', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:notifications');
    const entry = await notificationByPublicId(ctx.db, user.id, request.params.id);
    const origin = originOf(request, ctx);
    const notification = entry && notificationOf(entry, await notificationParts(ctx, user.id, [entry], origin));
    if (!notification) throw recordNotFound();
    return notification;
  });

  api.post('/notifications/clear', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:notifications');
    await dismissNotifications(ctx.db, user.id);
    await publishUnreadCount(ctx, user.id, request.log);
    return {};
  });

  api.post<IdParams>('/notifications/:id/dismiss', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:notifications');
    if ((await dismissNotifications(ctx.db, user.id, request.params.id)) === 0) throw recordNotFound();
    await publishUnreadCount(ctx, user.id, request.log);
    return {};
  });
}
