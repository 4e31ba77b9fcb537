const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });
const dateFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
const exactFormat = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A post's age as social apps show it: "now", "5 min", "3 h", "2 d" within the week, then the day
 * ("Nov 23"), with the year once it is not this year's. `now` is a parameter for the tests.
 */
export function formatPostDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const age = now.getTime() - date.getTime();
  if (age < minute) return 'now';
  if (age < hour) return `${Math.floor(age / minute)} min`;
  if (age < day) return `${Math.floor(age / hour)} h`;
  if (age < 7 * day) return `${Math.floor(age / day)} d`;
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : dateFormat.format(date);
}

/** The exact day and time, shown on hover ("Monday, November 23, 2026 at 9:15 AM"). */
export function formatExactDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exactFormat.format(date);
}
