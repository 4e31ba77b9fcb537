/** Now, as we store it: fixed-width ISO 8601 in UTC. */
export const nowIso = () => new Date().toISOString();

/** A stored timestamp (Date from PostgreSQL, text from SQLite) as ISO 8601 with an offset. */
export function toApiTimestamp(value: Date | string): string {
  const iso = typeof value === 'string' ? new Date(value).toISOString() : value.toISOString();
  return iso.replace(/Z$/, '+00:00');
}
