import { describe, expect, it } from 'vitest';
import { chartRanges, pointsInRange, timeAxis } from './chart-range';

const day = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;
const now = at('2026-12-06T12:00:00Z');
const point = (iso: string) => ({ date: iso });

describe('the progress chart time axis', () => {
  it('puts one workout in the middle of a week, not on an axis of years ahead', () => {
    const t = at('2026-12-01T07:00:00Z');
    const [from, to] = timeAxis([t]) ?? [0, 0];
    expect((from + to) / 2).toBe(t);
    expect(to - from).toBe(7 * day);
    // The bug: one workout drew Mar 2027 -> Jun 2029.
    expect(to).toBeLessThan(now + 7 * day);
  });

  it('spans several workouts with room at each end, so that the last is not clipped', () => {
    const [first, last] = [at('2026-11-01T07:00:00Z'), at('2026-11-21T07:00:00Z')];
    const [from, to] = timeAxis([first, at('2026-11-11T07:00:00Z'), last]) ?? [0, 0];
    expect(from).toBe(first - day);
    expect(to).toBe(last + day);
  });

  it('keeps at least half a day each side of workouts hours apart, and nothing without any', () => {
    const [morning, evening] = [at('2026-11-01T07:00:00Z'), at('2026-11-01T19:00:00Z')];
    expect(timeAxis([morning, evening])).toEqual([morning - day / 2, evening + day / 2]);
    expect(timeAxis([])).toBeNull();
  });
});

describe('the progress chart range', () => {
  const points = [
    point('2024-06-01T07:00:00Z'),
    point('2026-01-10T07:00:00Z'),
    point('2026-10-01T07:00:00Z'),
    point('2026-11-20T07:00:00Z'),
    point('2026-12-05T07:00:00Z'),
  ];
  const dates = (range: (typeof chartRanges)[number]['value']) =>
    pointsInRange(points, range, now).map((p) => p.date.slice(0, 10));

  it('offers 4 weeks, 3 months, a year and all', () => {
    expect(chartRanges.map((r) => r.label)).toEqual(['4 weeks', '3 months', 'A year', 'All']);
  });

  it('keeps the workouts of each range, up to now', () => {
    expect(dates('4w')).toEqual(['2026-11-20', '2026-12-05']);
    expect(dates('3m')).toEqual(['2026-10-01', '2026-11-20', '2026-12-05']);
    expect(dates('1y')).toEqual(['2026-01-10', '2026-10-01', '2026-11-20', '2026-12-05']);
    expect(dates('all')).toHaveLength(5);
  });

  it('draws the axis around the range kept, one point of it in the middle', () => {
    const kept = pointsInRange([point('2026-12-05T07:00:00Z')], '4w', now).map((p) => at(p.date));
    const [from, to] = timeAxis(kept) ?? [0, 0];
    expect((from + to) / 2).toBe(at('2026-12-05T07:00:00Z'));
  });
});
