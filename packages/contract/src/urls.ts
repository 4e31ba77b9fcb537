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
