import { describe, expect, it } from 'vitest';
import { safeWebsite } from './website';

describe('safeWebsite', () => {
  it('turns an http(s) address into a link with a short label', () => {
    expect(safeWebsite('https://example.com/maya-lifts')).toEqual({
      href: 'https://example.com/maya-lifts',
      label: 'example.com/maya-lifts',
    });
    expect(safeWebsite('http://example.com/')?.label).toBe('example.com');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/relative/path',
    'example.com',
    '',
  ])('refuses %j', (value) => {
    expect(safeWebsite(value)).toBeNull();
  });

  it('has nothing to show for a missing website', () => {
    expect(safeWebsite(undefined)).toBeNull();
  });
});
