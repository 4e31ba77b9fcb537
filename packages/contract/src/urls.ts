/** An absolute http(s) URL: anything else (javascript:, data:, blob:, relative) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A path on Spotter's own origin such as `/avatars/1.svg` (never `//host`, which leaves the origin). */
export function isSameOriginPath(value: string): boolean {
  return /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(value);
}

/**
 * A website as a person types it, made an absolute URL: `example.com/maya` -> `https://example.com/maya`,
 * `//example.com` -> `https://example.com`; one with a scheme is left as it is (isHttpUrl then judges
 * it), blank stays blank.
 */
export function normaliseWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}
