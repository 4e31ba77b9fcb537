import { describe, expect, it } from 'vitest';
import { clockText, parseTime } from './time-input';

describe('a typed time (issue 46)', () => {
  it('reads mm:ss, h:mm:ss and plain minutes as seconds', () => {
    expect(parseTime('27:30')).toBe(27 * 60 + 30);
    expect(parseTime('1:02:03')).toBe(3600 + 2 * 60 + 3);
    expect(parseTime('90')).toBe(90 * 60);
    expect(parseTime('1:30')).toBe(90);
    expect(parseTime('0:45')).toBe(45);
    expect(parseTime('90:00')).toBe(90 * 60);
    expect(parseTime(' 27.5 ')).toBe(27 * 60 + 30);
    expect(parseTime('1,5')).toBe(90);
  });

  it('is empty for an empty box', () => {
    expect(parseTime('')).toBeNull();
    expect(parseTime('   ')).toBeNull();
  });

  it('refuses what is no time: letters, seconds past 59, too many parts, a sign, more than a day', () => {
    for (const bad of [
      'abc',
      '27:3O',
      '1:75',
      '1:5',
      ':30',
      '1:02:03:04',
      '-5',
      '5 min',
      '1.2.3',
      '24:00:01',
      '1441',
    ]) {
      expect(parseTime(bad), bad).toBe('invalid');
    }
    expect(parseTime('24:00:00')).toBe(86_400);
  });

  it('writes seconds back as a clock', () => {
    expect(clockText(1650)).toBe('27:30');
    expect(clockText(3723)).toBe('1:02:03');
    expect(clockText(45)).toBe('0:45');
    expect(clockText(3600)).toBe('1:00:00');
  });
});
