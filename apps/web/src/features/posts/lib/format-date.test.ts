import { describe, expect, it } from 'vitest';
import { formatExactDate, formatPostDate } from './format-date';

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
});

describe('formatExactDate', () => {
  it('has the time of day', () => {
    expect(formatExactDate('2026-11-23T09:15:00Z')).toMatch(/2026 at \d{1,2}:15/);
  });
});
