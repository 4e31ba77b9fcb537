import { describe, expect, it } from 'vitest';
import { feedOrder, toggleFilter } from './feed-filter';

describe('home feed filters', () => {
  it('with no filter asks for the reversed list order: newest first', () => {
    expect(feedOrder(null)).toBe('newest');
  });

  it("'Latest' sorts by creation date, newest first", () => {
    expect(feedOrder('latest')).toBe('newest');
  });

  it("'Trending' sorts by like count", () => {
    expect(feedOrder('trending')).toBe('trending');
  });

  it('pressing a filter turns it on, pressing it again turns it off, pressing the other switches', () => {
    expect(toggleFilter(null, 'trending')).toBe('trending');
    expect(toggleFilter('trending', 'trending')).toBeNull();
    expect(toggleFilter('trending', 'latest')).toBe('latest');
    expect(toggleFilter('latest', 'latest')).toBeNull();
  });
});
