/**
 * Weekly streaks, in the owner's time zone: a workout belongs to the ISO week (Monday to Sunday) of
 * the day on which it started there.
 */

import { offsetAt } from './zoned-time';

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(name: string): boolean {
  try {
    dayFormatter(name);
    return true;
  } catch {
    return false;
  }
}

const dayMs = 86_400_000;

/**
 * Per time zone, its offset from UTC over whole UTC days, by day number: a number when the offset is
 * the same at the day's first and last second (a zone changes its offset at most a few times a year,
 * never there and back within a day), null when it changes that day. Asking Intl once per workout
 * read was a large part of a stats answer (docs/performance-log.md, "Home in one statement, stats'
 * calendar days", 2026-11-24); a day's entry is asked twice, once.
 */
const steadyOffsets = new Map<string, Map<number, number | null>>();
const steadyDaysKept = 4096;

function steadyOffset(utcDay: number, timeZone: string): number | null {
  let days = steadyOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    steadyOffsets.set(timeZone, days);
  }
  let offset = days.get(utcDay);
  if (offset === undefined) {
    const first = offsetAt(utcDay * dayMs, timeZone);
    offset = first === offsetAt(utcDay * dayMs + dayMs - 1000, timeZone) ? first : null;
    if (days.size >= steadyDaysKept) days.clear();
    days.set(utcDay, offset);
  }
  return offset;
}

/** Days since 1970-01-01 of the calendar day an instant falls on in a time zone. */
export function localDay(instant: Date | string, timeZone: string): number {
  const ms = new Date(instant).getTime();
  const offset = steadyOffset(Math.floor(ms / dayMs), timeZone) ?? offsetAt(ms, timeZone);
  return Math.floor((ms + offset) / dayMs);
}

/**
 * A number per ISO week, consecutive weeks differing by one. 1970-01-01 was a Thursday: shifted by
 * three days, every Monday starts a multiple of seven.
 */
export const weekOfDay = (day: number) => Math.floor((day + 3) / 7);

export const isoWeek = (instant: Date | string, timeZone: string) => weekOfDay(localDay(instant, timeZone));

/** The ISO week-numbering year and week of a day (for labels and tests), e.g. 2027-W01. */
export function isoWeekLabel(instant: Date | string, timeZone: string): string {
  const day = localDay(instant, timeZone);
  const weekday = (((day + 3) % 7) + 7) % 7; // Monday 0
  const thursday = new Date((day - weekday + 3) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Consecutive ISO weeks with at least one workout, ending with this week if it has one, or else with
 * last week: a streak is not broken before the week that would break it is over. Workouts dated after
 * `now` do not count.
 */
export function weeklyStreak(startedAts: Iterable<Date | string>, now: Date, timeZone: string): number {
  const thisWeek = isoWeek(now, timeZone);
  const weeks = new Set<number>();
  for (const at of startedAts) {
    const week = isoWeek(at, timeZone);
    if (week <= thisWeek && new Date(at).getTime() <= now.getTime()) weeks.add(week);
  }
  let week = weeks.has(thisWeek) ? thisWeek : thisWeek - 1;
  let streak = 0;
  while (weeks.has(week)) {
    streak++;
    week--;
  }
  return streak;
}

/** Workouts started this ISO week, up to now. */
export function workoutsThisWeek(startedAts: Iterable<Date | string>, now: Date, timeZone: string): number {
  const thisWeek = isoWeek(now, timeZone);
  let count = 0;
  for (const at of startedAts) {
    if (isoWeek(at, timeZone) === thisWeek && new Date(at).getTime() <= now.getTime()) count++;
  }
  return count;
}

/**
 * The streak and this week's count from a person's starts read latest first, a page at a time:
 * `settled()` says when no earlier start can change either, so that a two-year history is read
 * only back to the first week without a workout. Answers what weeklyStreak and workoutsThisWeek
 * answer for the same starts.
 */
export class WeeksWalk {
  readonly thisWeek: number;
  thisWeekCount = 0;
  private readonly weeks = new Set<number>();
  private lowest = Number.POSITIVE_INFINITY;

  constructor(
    private readonly now: Date,
    private readonly timeZone: string,
  ) {
    this.thisWeek = isoWeek(now, timeZone);
  }

  add(at: Date | string) {
    const week = isoWeek(at, this.timeZone);
    this.lowest = Math.min(this.lowest, week);
    if (week > this.thisWeek || new Date(at).getTime() > this.now.getTime()) return;
    this.weeks.add(week);
    if (week === this.thisWeek) this.thisWeekCount++;
  }

  /** The first week without a workout, walking back from this week (or last week, if this one has none). */
  private gap(): number {
    let week = this.weeks.has(this.thisWeek) ? this.thisWeek : this.thisWeek - 1;
    while (this.weeks.has(week)) week--;
    return week;
  }

  streak(): number {
    const start = this.weeks.has(this.thisWeek) ? this.thisWeek : this.thisWeek - 1;
    return start - this.gap();
  }

  /**
   * Starts read so far went down to a week `lowest`; an earlier instant falls in that week or before
   * it, or at most one week later (a clock turned back over midnight). Once the gap is above that,
   * nothing left can fill it or count this week.
   */
  settled(): boolean {
    return this.gap() > this.lowest + 1;
  }
}
