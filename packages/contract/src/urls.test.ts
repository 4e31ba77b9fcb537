import { describe, expect, it } from 'vitest';
import { isHttpUrl, normaliseWebsite } from './urls';

describe('normaliseWebsite', () => {
  it.each([
    ['example.com/maya', 'https://example.com/maya'],
    ['  www.example.com  ', 'https://www.example.com'],
    ['//example.com', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com/x', 'HTTPS://Example.com/x'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (typed, stored) => {
    expect(normaliseWebsite(typed)).toBe(stored);
  });

  it('never turns a script or data address into a link', () => {
    for (const typed of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com']) {
      expect(isHttpUrl(normaliseWebsite(typed))).toBe(false);
    }
  });
});
