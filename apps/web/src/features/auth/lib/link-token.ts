/**
 * A mailed link's token: in the fragment (`#token=...`, which the browser never sends to a server),
 * or, from a link written by hand or an older mail, in the query (`?token=...`).
 */
export function linkToken(location: { hash: string; search: string }): string {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash ?? new URLSearchParams(location.search).get('token') ?? '';
}
