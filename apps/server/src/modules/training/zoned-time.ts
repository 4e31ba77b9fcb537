const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Date.UTC, but for every year: Date.UTC reads the years 0 to 99 as 1900 to 1999 (issue 45, finding 14). */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far ahead of UTC a time zone's clocks are at an instant, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = utcMs(part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The instant a wall-clock time names in a time zone (Strong and Hevy export local times without an
 * offset). A time the clocks skipped (spring forward) lands an hour later; a repeated one, on its first.
 */
export function zonedInstant(wall: WallTime, timeZone: string): Date {
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  const day = 86_400_000;
  // The zone's offsets a day either side: a wall time reads with one of them (both, when repeated).
  const candidates = [asUtc - offsetAt(asUtc - day, timeZone), asUtc - offsetAt(asUtc + day, timeZone)].sort(
    (a, b) => a - b,
  );
  const valid = candidates.find((t) => offsetAt(t, timeZone) === asUtc - t);
  return new Date(valid ?? asUtc - offsetAt(asUtc - day, timeZone));
}
