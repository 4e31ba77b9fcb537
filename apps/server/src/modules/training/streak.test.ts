import { describe, expect, it } from 'vitest';
import { isoWeekLabel, isTimeZone, localDay, WeeksWalk, weeklyStreak, workoutsThisWeek } from './streak';

describe('ISO weeks', () => {
  it('run Monday to Sunday, the week of 1 January 2027 belonging to 2026 (which has 53)', () => {
    expect(isoWeekLabel('2026-12-28T12:00:00Z', 'UTC')).toBe('2026-W53');
    expect(isoWeekLabel('2027-01-03T12:00:00Z', 'UTC')).toBe('2026-W53');
    expect(isoWeekLabel('2027-01-04T12:00:00Z', 'UTC')).toBe('2027-W01');
    expect(isoWeekLabel('2025-12-29T12:00:00Z', 'UTC')).toBe('2026-W01');
  });

  it("follow the owner's calendar: Sunday night in UTC is Monday morning in Tokyo", () => {
    expect(isoWeekLabel('2027-01-03T23:30:00Z', 'UTC')).toBe('2026-W53');
    expect(isoWeekLabel('2027-01-03T23:30:00Z', 'Asia/Tokyo')).toBe('2027-W01');
    expect(isoWeekLabel('2027-01-04T05:00:00Z', 'America/Los_Angeles')).toBe('2026-W53');
  });
});

describe('the calendar day of an instant in a time zone', () => {
  /** What Intl prints for the instant in the zone, as days since 1970-01-01: the rule localDay keeps. */
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intlDay = (ms: number, timeZone: string) => {
    const format =
      formats.get(timeZone) ??
      new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formats.set(timeZone, format);
    const parts = format.formatToParts(new Date(ms));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
  };

  it("is Intl's, every 23 minutes through a year of clock changes, in zones that move by 30 minutes or sit at :45", () => {
    // Lord Howe moves by half an hour; Kathmandu is +05:45; Chatham +12:45/+13:45; Santiago and
    // Sydney change in the southern spring; Apia skipped a whole day (30 December 2011).
    const zones = [
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/Santiago',
      'Europe/Paris',
      'Pacific/Apia',
    ];
    for (const zone of zones) {
      const wrong: string[] = [];
      for (const [from, to] of [
        [Date.UTC(2025, 11, 1), Date.UTC(2026, 11, 1)],
        [Date.UTC(2011, 11, 28), Date.UTC(2012, 0, 2)],
      ] as const) {
        for (let ms = from; ms < to; ms += 23 * 60_000 + 13_000) {
          if (localDay(new Date(ms).toISOString(), zone) !== intlDay(ms, zone)) wrong.push(new Date(ms).toISOString());
        }
      }
      expect(wrong, zone).toEqual([]);
    }
  });
});

describe('the weekly streak', () => {
  const december = ['2026-12-16T18:00:00Z', '2026-12-23T18:00:00Z', '2026-12-30T18:00:00Z', '2027-01-06T18:00:00Z'];

  it('counts consecutive weeks across a year boundary', () => {
    expect(weeklyStreak(december, new Date('2027-01-07T12:00:00Z'), 'UTC')).toBe(4);
  });

  it("keeps last week's streak during a week without a workout yet, and ends after it", () => {
    expect(weeklyStreak(december, new Date('2027-01-12T12:00:00Z'), 'UTC')).toBe(4);
    expect(weeklyStreak(december, new Date('2027-01-18T00:30:00Z'), 'UTC')).toBe(0);
  });

  it('counts the current week once it has a workout, and a gap ends it', () => {
    const withGap = ['2026-11-30T08:00:00Z', '2026-12-14T08:00:00Z', '2026-12-21T08:00:00Z'];
    expect(weeklyStreak(withGap, new Date('2026-12-21T09:00:00Z'), 'UTC')).toBe(2);
    expect(weeklyStreak(withGap, new Date('2026-12-21T07:00:00Z'), 'UTC')).toBe(1);
    expect(weeklyStreak([], new Date('2026-12-21T07:00:00Z'), 'UTC')).toBe(0);
  });

  it('counts many workouts in one week once', () => {
    const week = ['2026-12-21T08:00:00Z', '2026-12-22T08:00:00Z', '2026-12-27T08:00:00Z'];
    expect(weeklyStreak(week, new Date('2026-12-28T08:00:00Z'), 'UTC')).toBe(1);
  });

  it('differs between two time zones for the same workouts', () => {
    // Monday 21 December in both zones; Sunday 3 January in UTC, but Monday 4 January in Tokyo.
    const workouts = ['2026-12-21T10:00:00Z', '2027-01-03T23:30:00Z'];
    const now = new Date('2027-01-04T10:00:00Z');
    expect(weeklyStreak(workouts, now, 'UTC')).toBe(2);
    expect(workoutsThisWeek(workouts, now, 'UTC')).toBe(0);
    expect(weeklyStreak(workouts, now, 'Asia/Tokyo')).toBe(1);
    expect(workoutsThisWeek(workouts, now, 'Asia/Tokyo')).toBe(1);
  });

  it('leaves out workouts dated after now', () => {
    expect(weeklyStreak(['2027-01-20T08:00:00Z'], new Date('2027-01-06T08:00:00Z'), 'UTC')).toBe(0);
    expect(workoutsThisWeek(['2027-01-06T09:00:00Z'], new Date('2027-01-06T08:00:00Z'), 'UTC')).toBe(0);
  });

  it('knows a time zone from a made-up one', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('the walk back from now (stats read starts a page at a time)', () => {
  it('answers what the whole history answers, having stopped once settled, in three time zones', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const now = new Date('2027-01-04T10:00:00Z');
    for (let history = 0; history < 40; history++) {
      // Up to a year back, some dated after now, the gaps between workouts from hours to weeks.
      const starts: string[] = [];
      let at = now.getTime() + 3 * 86_400_000;
      const count = random(120);
      for (let i = 0; i < count; i++) {
        at -= (1 + random(history % 2 === 0 ? 96 : 400)) * 3_600_000;
        starts.push(new Date(at).toISOString());
      }
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
        const walk = new WeeksWalk(now, zone);
        let read = 0;
        for (const start of starts) {
          if (walk.settled()) break;
          walk.add(start);
          read++;
        }
        expect(walk.streak(), `${history} ${zone}`).toBe(weeklyStreak(starts, now, zone));
        expect(walk.thisWeekCount, `${history} ${zone}`).toBe(workoutsThisWeek(starts, now, zone));
        if (walk.streak() < 5 && count > 60) expect(read).toBeLessThan(count);
      }
    }
  });
});
