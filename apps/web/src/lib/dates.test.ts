import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatExactDate, formatPostDate, formatTimeOfDay } from './dates';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatPostDate', () => {
  it('says how long ago within the week', () => {
    expect(formatPostDate(ago(20_000), now)).toBe('now');
    expect(formatPostDate(ago(2 * 60_000), now)).toBe('2 min');
    expect(formatPostDate(ago(3 * 3_600_000 + 5), now)).toBe('3 h');
    expect(formatPostDate(ago(2 * 86_400_000), now)).toBe('2 d');
  });
  it('gives the day after a week, with the year only when it is another year', () => {
    expect(formatPostDate('2026-03-12T09:00:00Z', now)).toBe('Mar 12');
    expect(formatPostDate('2025-03-12T09:00:00Z', now)).toBe('Mar 12, 2025');
  });
  it('leaves a value that is no date as it is', () => {
    expect(formatPostDate('soon', now)).toBe('soon');
  });
  it('turns at each bound: 59 s is now, 59 min is minutes, 23 h hours, 6 days days, 7 days the day', () => {
    expect(formatPostDate(ago(59_999), now)).toBe('now');
    expect(formatPostDate(ago(60_000), now)).toBe('1 min');
    expect(formatPostDate(ago(3_599_999), now)).toBe('59 min');
    expect(formatPostDate(ago(3_600_000), now)).toBe('1 h');
    expect(formatPostDate(ago(86_399_999), now)).toBe('23 h');
    expect(formatPostDate(ago(86_400_000), now)).toBe('1 d');
    expect(formatPostDate(ago(7 * 86_400_000 - 1), now)).toBe('6 d');
    expect(formatPostDate(ago(7 * 86_400_000), now)).toBe('Nov 16');
  });
});

describe('formatExactDate', () => {
  it('has the time of day', () => {
    expect(formatExactDate('2026-11-23T09:15:00Z')).toMatch(/2026 at \d{1,2}:15/);
  });
  it('names the weekday and the month in English, as the card it explains', () => {
    expect(formatExactDate('2026-11-23T09:15:00Z')).toMatch(
      /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, November 2[23], 2026 at /,
    );
  });
});

describe('formatDateTime', () => {
  it("gives a moment to the minute in the reader's locale: the month in words, no seconds", () => {
    const shown = formatDateTime('2026-11-24T07:05:32Z');
    expect(shown).toContain('2026');
    expect(shown).toMatch(/nov/i);
    expect(shown).toMatch(/\d:\d\d/);
    expect(shown).not.toContain(':32');
  });
});

describe('formatDay and formatTimeOfDay', () => {
  it("say what Date's toLocaleDateString and toLocaleTimeString say (the screens' words before they came here)", () => {
    for (const iso of ['2026-11-24T07:05:32Z', '2025-01-02T23:59:59Z']) {
      expect(formatDay(iso)).toBe(new Date(iso).toLocaleDateString());
      expect(formatTimeOfDay(iso)).toBe(new Date(iso).toLocaleTimeString());
    }
  });
});

describe('a value that is no date', () => {
  it('is shown as it is by every format', () => {
    for (const format of [formatExactDate, formatDateTime, formatDay, formatTimeOfDay]) {
      expect(format('soon')).toBe('soon');
    }
  });
});
