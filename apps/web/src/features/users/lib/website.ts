import { isHttpUrl } from '@spotter/contract';

/**
 * A profile's website as a link target, or null when it is not an absolute http(s) URL: a
 * `javascript:` or `data:` address typed into a bio field must never become a clickable link.
 */
export function safeWebsite(website: string | null | undefined): { href: string; label: string } | null {
  const value = website?.trim() ?? '';
  if (!value || !isHttpUrl(value)) return null;
  const url = new URL(value);
  const label = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  return { href: url.href, label };
}
