import type { FastifyReply, FastifyRequest } from 'fastify';

/** `limit` as Mastodon reads it: 1 to `max`, `fallback` when absent or not a number. */
export function limitOf(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * Mastodon's `Link` header of a page (RFC 8288): `next` goes on past its last item (`max_id`),
 * `prev` back before its first (`min_id`); the other query parameters (`limit`, `types[]`...) stay.
 * Apps (and masto.js's paginators) follow these links rather than building their own.
 */
export function setPageLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  page: { firstId: string | undefined; lastId: string | undefined; hasNext: boolean },
) {
  if (!page.firstId || !page.lastId) return;
  const url = new URL(request.url, origin);
  const link = (name: 'max_id' | 'min_id', id: string) => {
    const next = new URL(url.pathname, origin);
    for (const [key, value] of url.searchParams) {
      if (!['max_id', 'min_id', 'since_id'].includes(key)) next.searchParams.append(key, value);
    }
    next.searchParams.set(name, id);
    return next.toString();
  };
  const links = [`<${link('min_id', page.firstId)}>; rel="prev"`];
  if (page.hasNext) links.unshift(`<${link('max_id', page.lastId)}>; rel="next"`);
  reply.header('link', links.join(', '));
}

/** A query parameter that may come as `name[]`, `name` or repeated: its values. */
export function listParam(request: FastifyRequest, name: string): string[] {
  const query = request.query as Record<string, string | string[] | undefined>;
  return [query[name], query[`${name}[]`]].flat().filter((value): value is string => typeof value === 'string');
}
