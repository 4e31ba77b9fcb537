import type { FastifyRequest } from 'fastify';

/** Query parameters a log must not keep: a token in a URL, and what people search for. */
const secretParams = new Set(['token', 'q']);

/** `/api/users/search?q=anna&limit=5` -> `/api/users/search?q=[redacted]&limit=5`; the rest as sent. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq === -1 ? pair : pair.slice(0, eq);
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // A broken escape is kept as sent; it cannot be one of the secret names.
      }
      return secretParams.has(name.toLowerCase()) ? `${raw}=[redacted]` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/**
 * Fastify's request log fields, with the URL's secrets redacted. Also called on any `req` a handler
 * passes to the logger, which may be a plain object: only these fields are kept (not its headers).
 */
export function requestLogFields(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
