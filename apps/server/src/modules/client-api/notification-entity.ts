import type { Notification, NotificationType } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { findUserByUsername, findVisibleUserByPublicId } from '../accounts';
import { cardById } from '../posts';
import { accountOf, statusOf } from './entities';

/**
 * Spotter's notification types in Mastodon's: a like is a `favourite`, a boost a `reblog`; a comment on one's post, a
 * reply to one's comment and a mention are all `mention` (what Mastodon calls a reply to you). The
 * outcome of a report and a moderator's removal have no Mastodon type an app shows: they stay in
 * Spotter's own list.
 */
export const mastodonTypeOf: Partial<Record<NotificationType, string>> = {
  like: 'favourite',
  boost: 'reblog',
  follow: 'follow',
  comment: 'mention',
  reply: 'mention',
  mention: 'mention',
};

/** Mastodon's types and the Spotter types each covers; `status` (a subscribed person posted) has none yet. */
const spotterTypesOf: Record<string, NotificationType[]> = {
  favourite: ['like'],
  reblog: ['boost'],
  follow: ['follow'],
  mention: ['mention', 'comment', 'reply'],
  status: [],
};

/** The Spotter types a list shows for `types[]` and `exclude_types[]` (neither: every type an app knows). */
export function spotterTypesFor(types: readonly string[], excluded: readonly string[]): NotificationType[] {
  const asked = types.length > 0 ? types : Object.keys(spotterTypesOf);
  const shown = new Set(asked.flatMap((type) => spotterTypesOf[type] ?? []));
  for (const type of excluded) for (const spotter of spotterTypesOf[type] ?? []) shown.delete(spotter);
  return [...shown];
}

/**
 * Spotter's entries with what Mastodon's entities need: the accounts of the actors shown and the
 * post as a Status (as the recipient sees it). Mastodon's v1 list names one account per notification:
 * a grouped entry (likes of one post, follows) is one notification naming its latest actor; v2 has
 * the group. An entry whose actor or post the recipient can no longer see is left out.
 */
export async function notificationParts(
  ctx: AppContext,
  viewerId: Key,
  entries: readonly Notification[],
  origin: string,
) {
  const accounts = new Map<string, ReturnType<typeof accountOf>>();
  const statuses = new Map<string, ReturnType<typeof statusOf>>();
  for (const entry of entries) {
    for (const actor of entry.actors) {
      if (accounts.has(actor._id)) continue;
      const row = await findVisibleUserByPublicId(ctx.db, actor._id, viewerId);
      if (row) accounts.set(actor._id, accountOf(row, origin));
    }
    if (entry.post && !statuses.has(entry.post._id)) {
      const post = await cardById(ctx.db, entry.post._id, viewerId);
      const author = post && (await findUserByUsername(ctx.db, post.author.username));
      if (post && author) statuses.set(post._id, statusOf(post, author, origin));
    }
  }
  return { accounts, statuses };
}

type Parts = Awaited<ReturnType<typeof notificationParts>>;

const groupKeyOf = (entry: Notification) =>
  entry.type === 'like' || entry.type === 'boost' || entry.type === 'follow'
    ? `${entry.type}-${entry._id}`
    : `ungrouped-${entry._id}`;

/** One entry as Mastodon's Notification (v1), or undefined when it has nothing an app can show. */
export function notificationOf(entry: Notification, parts: Parts) {
  const type = mastodonTypeOf[entry.type];
  const account = entry.actors[0] && parts.accounts.get(entry.actors[0]._id);
  const status = entry.post ? parts.statuses.get(entry.post._id) : undefined;
  if (!type || !account || (entry.post && !status)) return undefined;
  return {
    id: entry._id,
    type,
    group_key: groupKeyOf(entry),
    created_at: entry.createdAt,
    account,
    ...(status ? { status } : {}),
  };
}

/** One entry as Mastodon's NotificationGroup (v2): Spotter's entries are groups already. */
export function notificationGroupOf(entry: Notification, parts: Parts) {
  const type = mastodonTypeOf[entry.type];
  const sample = entry.actors.map((actor) => actor._id).filter((id) => parts.accounts.has(id));
  const status = entry.post ? parts.statuses.get(entry.post._id) : undefined;
  if (!type || sample.length === 0 || (entry.post && !status)) return undefined;
  return {
    group_key: groupKeyOf(entry),
    notifications_count: Math.max(1, entry.actorCount),
    type,
    most_recent_notification_id: entry._id,
    page_min_id: entry._id,
    page_max_id: entry._id,
    latest_page_notification_at: entry.createdAt,
    sample_account_ids: sample,
    ...(status ? { status_id: status.id } : {}),
  };
}
