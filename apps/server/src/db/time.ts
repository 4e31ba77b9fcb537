/** Now, as we store it: fixed-width ISO 8601 in UTC. */
export const nowIso = () => new Date().toISOString();

/** A timestamp as the ISO text both engines give (db/schema/timestamp.ts); a Date made in code, printed so. */
export const isoOf = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

/** What `toISOString()` writes, which is how SQLite keeps every timestamp. */
const canonicalIso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A timestamp (the text both engines give, or a Date made in code) as ISO 8601 with an offset. */
export function toApiTimestamp(value: Date | string): string {
  // Parsing and printing a Date twice per post showed in an explore page's CPU profile
  // (docs/performance-log.md, "What was changed for scale").
  const iso =
    typeof value !== 'string' ? value.toISOString() : canonicalIso.test(value) ? value : new Date(value).toISOString();
  return `${iso.slice(0, -1)}+00:00`;
}

/**
 * PostgreSQL's text for a timestamptz in a UTC session ('2026-11-28 20:33:00.123456+00') as the ISO
 * text SQLite keeps ('2026-11-28T20:33:00.123Z'), cut to milliseconds as a Date would be, without
 * making a Date: pg's parser (a regular expression, then a Date) and printing the Date again were a
 * visible share of a PostgreSQL page of timestamps, the progress chart's (decision 060 has the
 * profile). Any other form (another offset, a year past 9999 or BC, infinity) is left to `other`.
 */
export function isoOfPostgresTimestamp(text: string, other: (text: string) => string): string {
  const n = text.length;
  const utc =
    n >= 22 &&
    text.endsWith('+00') &&
    text.charCodeAt(4) === 45 && // '-' after a four-digit year
    text.charCodeAt(10) === 32 && // ' ' between the date and the time
    (n === 22 || text.charCodeAt(19) === 46); // '.' before a fraction of a second
  if (!utc) return other(text);
  const ms = n === 22 ? '000' : `${text.slice(20, n - 3)}00`.slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}
