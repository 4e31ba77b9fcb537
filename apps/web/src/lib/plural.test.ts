import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'workout')).toBe('1 workout');
    expect(countOf(0, 'workout')).toBe('0 workouts');
    expect(countOf(2, 'comment')).toBe('2 comments');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(4, 'person', 'people')).toBe('4 people');
  });
});
