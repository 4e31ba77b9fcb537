import { describe, expect, it } from 'vitest';
import { zonedInstant } from './zoned-time';

const at = (text: string, zone: string) => {
  const [date, time] = text.split(' ');
  const [year, month, day] = (date ?? '').split('-').map(Number);
  const [hour, minute] = (time ?? '').split(':').map(Number);
  return zonedInstant(
    { year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: hour ?? 0, minute: minute ?? 0, second: 0 },
    zone,
  ).toISOString();
};

describe('zonedInstant', () => {
  it('reads a wall-clock time in its zone, summer and winter', () => {
    expect(at('2026-07-01 07:30', 'Europe/Paris')).toBe('2026-07-01T05:30:00.000Z');
    expect(at('2026-01-01 07:30', 'Europe/Paris')).toBe('2026-01-01T06:30:00.000Z');
    expect(at('2026-01-01 07:30', 'UTC')).toBe('2026-01-01T07:30:00.000Z');
    expect(at('2026-01-01 07:30', 'America/New_York')).toBe('2026-01-01T12:30:00.000Z');
  });

  it('moves a time the clocks skipped an hour on, and takes the first of a repeated one', () => {
    // Paris skipped 02:00-03:00 on 29 March 2026 and repeated 02:00-03:00 on 25 October 2026.
    expect(at('2026-03-29 02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-10-25 02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('keeps the years before 100 as they are (Date.UTC made 0001 into 1901: issue 45, finding 14)', () => {
    expect(at('0001-01-01 07:30', 'UTC')).toBe('0001-01-01T07:30:00.000Z');
    expect(at('0099-06-01 07:30', 'UTC')).toBe('0099-06-01T07:30:00.000Z');
  });
});
