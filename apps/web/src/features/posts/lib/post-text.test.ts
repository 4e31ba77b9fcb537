import { describe, expect, it } from 'vitest';
import { collapsedText, splitLinks } from './post-text';

describe('splitLinks', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(splitLinks('Plan at https://example.com/plan, and www.spotter.run.')).toEqual([
      { text: 'Plan at ' },
      { text: 'https://example.com/plan', href: 'https://example.com/plan' },
      { text: ', and ' },
      { text: 'www.spotter.run', href: 'https://www.spotter.run' },
      { text: '.' },
    ]);
  });

  it('never makes a link of a hostile address', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'http://',
      'https://localhost',
    ]) {
      const pieces = splitLinks(hostile);
      expect(
        pieces.every((p) => p.href === undefined || /^https?:\/\/[^/]*\./.test(p.href)),
        hostile,
      ).toBe(true);
      expect(pieces.map((p) => p.text).join(''), hostile).toBe(hostile);
    }
    // A quote ends the address: it cannot break out of an attribute (React escapes it anyway).
    expect(splitLinks('see https://x.example/"onmouseover="alert(1)')[1]).toEqual({
      text: 'https://x.example/',
      href: 'https://x.example/',
    });
  });
});

describe('collapsedText', () => {
  it('keeps a short post whole and cuts a long one by characters or by lines', () => {
    expect(collapsedText('short')).toBeNull();
    const long = 'word '.repeat(200);
    const cut = collapsedText(long) ?? '';
    expect(cut.length).toBeLessThanOrEqual(601);
    expect(cut.endsWith('…')).toBe(true);
    const tall = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    expect(collapsedText(tall)?.split('\n')).toHaveLength(12);
  });
});
