/**
 * Every date and time the app shows is formatted here. A post card's words are English ('now',
 * '5 min', 'Nov 23'), so its formats name the 'en' locale; everything else follows the reader's locale.
 * Each answers a value that is no date as it is.
 */

const postDay = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });
const postDayWithYear = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
const exactFormat = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** No options: the day as numbers, as Date's toLocaleDateString() gives it. */
const dayFormat = new Intl.DateTimeFormat(undefined);
/** As Date's toLocaleTimeString() gives it, seconds included. */
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: 'numeric', second: 'numeric' });

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The date of an ISO text, or null when it names none. */
function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const using = (format: Intl.DateTimeFormat) => (iso: string) => {
  const date = dateOf(iso);
  return date ? format.format(date) : iso;
};

/**
 * A post's age as social apps show it: "now", "5 min", "3 h", "2 d" within the week, then the day
 * ("Nov 23"), with the year once it is not this year's. `now` is a parameter for the tests.
 */
export function formatPostDate(iso: string, now: Date = new Date()): string {
  const date = dateOf(iso);
  if (!date) return iso;
  const age = now.getTime() - date.getTime();
  if (age < minute) return 'now';
  if (age < hour) return `${Math.floor(age / minute)} min`;
  if (age < day) return `${Math.floor(age / hour)} h`;
  if (age < 7 * day) return `${Math.floor(age / day)} d`;
  return date.getFullYear() === now.getFullYear() ? postDay.format(date) : postDayWithYear.format(date);
}

/** The exact day and time, shown on hover over a post's age ("Monday, November 23, 2026 at 9:15 AM"). */
export const formatExactDate = using(exactFormat);

/**
 * A moment in the reader's locale ("Nov 24, 2026, 7:05 AM"): a comment's time, a report's, an audit
 * entry's, a session's.
 */
export const formatDateTime = using(dateTimeFormat);

/** A day in the reader's locale, as numbers ("11/24/2026"): a workout's, a suspension's start. */
export const formatDay = using(dayFormat);

/** A time of day in the reader's locale, with seconds ("7:05:32 AM"): until when a recovery link works. */
export const formatTimeOfDay = using(timeFormat);
