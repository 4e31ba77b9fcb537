import type { CardPost } from '@spotter/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor, type Keyset } from '../../paging/cursor';
import type { PageRequest } from '../../paging/page-request';
import { findPostRow, type Page } from '../posts';
import { recordNotFound, validationFailed } from './oauth-error';
import { originOf } from './origin';

/**
 * Mastodon's paging (issue 50) over Spotter's keyset pages. Shared by every list of this surface:
 * `limit` (default 20, at most 40: more is cut to 40, as Mastodon does), `max_id` (older than),
 * `since_id` (newer than, newest first) and `min_id` (just newer than), and the `Link` header with
 * `rel="next"` and `rel="prev"` that apps follow.
 */
export interface MastodonPage {
  limit: number;
  maxId: string | undefined;
  sinceId: string | undefined;
  minId: string | undefined;
}

export const mastodonPageLimits = { default: 20, max: 40 } as const;

/** The paging parameters of a list call; a limit that is not a whole number is a 422. */
export function mastodonPageOf(request: FastifyRequest, max: number = mastodonPageLimits.max): MastodonPage {
  const query = request.query as Record<string, unknown>;
  const text = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const rawLimit = text('limit');
  let limit: number = mastodonPageLimits.default;
  if (rawLimit !== undefined) {
    if (!/^\d{1,6}$/.test(rawLimit)) throw validationFailed('limit must be a whole number');
    limit = Math.min(Math.max(Number(rawLimit), 1), max);
  }
  return { limit, maxId: text('max_id'), sinceId: text('since_id'), minId: text('min_id') };
}

/** A post's place in a newest-first list: its time and public id, as Spotter's cursors carry them. */
export const keysetOfPost = (post: CardPost): Keyset => ({ t: new Date(post.createdAt).toISOString(), i: post._id });

const newerThan = (a: Keyset, b: Keyset) => a.t > b.t || (a.t === b.t && a.i > b.i);

/** A status id as a place in a list; an id this server never gave is 404, as Mastodon answers it. */
async function keysetOfStatusId(ctx: AppContext, id: string): Promise<Keyset> {
  const row = id.length <= 64 ? await findPostRow(ctx.db, id) : undefined;
  if (!row) throw recordNotFound();
  return { t: new Date(row.created_at).toISOString(), i: row.public_id };
}

/** How far `min_id` walks back to find the posts just newer than it: 10 pages of 40. */
const minIdWalk = 10;

/**
 * One page of a newest-first list of posts read by `read` (a Spotter page query), in Mastodon's
 * terms. `max_id` is a status id (apps take it from the last status as often as from the Link). With
 * `since_id` or `min_id` the list is read from the top (or from `max_id`) down to that status: the
 * newest `limit` of those for `since_id`, the oldest `limit` (those just after it) for `min_id`,
 * within `minIdWalk` pages. Answers the posts and whether older ones follow.
 */
export async function statusPage(
  ctx: AppContext,
  paging: MastodonPage,
  read: (page: PageRequest) => Promise<Page>,
): Promise<{ posts: CardPost[]; more: boolean }> {
  const after = paging.maxId === undefined ? undefined : await keysetOfStatusId(ctx, paging.maxId);
  const lowerId = paging.minId ?? paging.sinceId;
  if (lowerId === undefined) {
    const page = await read({ limit: paging.limit, after });
    return { posts: page.posts, more: page.next !== null };
  }
  const lower = await keysetOfStatusId(ctx, lowerId);
  const newer: CardPost[] = [];
  let cursor = after;
  let more = false;
  for (let walked = 0; walked < (paging.minId ? minIdWalk : 1); walked++) {
    const page = await read({ limit: paging.minId ? mastodonPageLimits.max : paging.limit, after: cursor });
    const kept = page.posts.filter((post) => newerThan(keysetOfPost(post), lower));
    newer.push(...kept);
    if (kept.length < page.posts.length || !page.next) break;
    cursor = page.next;
  }
  if (paging.minId) {
    more = newer.length > paging.limit;
    return { posts: newer.slice(-paging.limit), more };
  }
  return { posts: newer.slice(0, paging.limit), more: newer.length > paging.limit };
}

const pagingNames = ['max_id', 'since_id', 'min_id', 'limit'];

/** Characters that URL and URLSearchParams write as they are, in a path and in a query. */
const plainPath = /^(?:\/[\w-]+)+\/?$/;
const plainValue = /^[\w-]+$/;

/** `new URL('/', origin)` without its slash, per origin: what the URLs below begin with. */
const urlBases = new Map<string, string>();
function urlBaseOf(origin: string): string {
  let base = urlBases.get(origin);
  if (base === undefined) {
    base = new URL('/', origin).href.slice(0, -1);
    if (urlBases.size < 16) urlBases.set(origin, base);
  }
  return base;
}

/**
 * `linkTo`'s address written as text, where the request's path and query hold only characters URL and
 * URLSearchParams write as they are (`/api/v1/timelines/home?limit=20`, as apps send it), without
 * building the URL objects (decision 108). Undefined for anything else.
 */
function plainLinkTo(origin: string, requestUrl: string, values: Record<string, string>): string | undefined {
  const at = requestUrl.indexOf('?');
  const path = at < 0 ? requestUrl : requestUrl.slice(0, at);
  if (!plainPath.test(path)) return undefined;
  const pairs: string[] = [];
  if (at >= 0 && at < requestUrl.length - 1) {
    for (const pair of requestUrl.slice(at + 1).split('&')) {
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      if (equals < 0 || !plainValue.test(name) || !plainValue.test(pair.slice(equals + 1))) return undefined;
      if (!pagingNames.includes(name)) pairs.push(pair);
    }
  }
  for (const [name, value] of Object.entries(values)) {
    if (!plainValue.test(value)) return undefined;
    pairs.push(`${name}=${value}`);
  }
  return `${urlBaseOf(origin)}${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/** The list's own address with these paging values (its other parameters kept), absolute. */
function linkTo(ctx: AppContext, request: FastifyRequest, values: Record<string, string>) {
  const plain = plainLinkTo(originOf(request, ctx), request.url, values);
  if (plain !== undefined) return plain;
  const url = new URL(request.url, originOf(request, ctx));
  for (const name of pagingNames) url.searchParams.delete(name);
  const target = new URL(url.pathname, originOf(request, ctx));
  for (const [name, value] of url.searchParams) target.searchParams.append(name, value);
  for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * The Link header of a list: `next` (older, `max_id`) when more follow, `prev` (newer, `min_id`)
 * from the first item; nothing for an empty list, as Mastodon sends it.
 */
export function setLinks(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  paging: MastodonPage,
  ends: { next: string | undefined; prev: string | undefined },
) {
  const links: string[] = [];
  const limit = String(paging.limit);
  if (ends.next !== undefined) links.push(`<${linkTo(ctx, request, { max_id: ends.next, limit })}>; rel="next"`);
  if (ends.prev !== undefined) links.push(`<${linkTo(ctx, request, { min_id: ends.prev, limit })}>; rel="prev"`);
  if (links.length > 0) reply.header('link', links.join(', '));
}

/** The Link of a list of statuses: older after its last status, newer before its first. */
export function setStatusLinks(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  paging: MastodonPage,
  page: { posts: readonly { _id: string }[]; more: boolean },
) {
  setLinks(ctx, request, reply, paging, {
    next: page.more ? page.posts[page.posts.length - 1]?._id : undefined,
    prev: page.posts[0]?._id,
  });
}

/**
 * A list Spotter pages by its own cursor (bookmarks, favourites, followers): `max_id` is the opaque
 * cursor the Link's `next` gave (Mastodon's ids of these lists are internal too); there is no `prev`.
 */
export const cursorPageOf = (paging: MastodonPage): PageRequest => ({
  limit: paging.limit,
  after: decodeCursor(paging.maxId),
});

export const cursorOf = (next: Keyset | null) => (next ? encodeCursor(next) : undefined);
