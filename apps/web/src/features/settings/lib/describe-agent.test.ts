import { describe, expect, it } from 'vitest';
import { describeAgent } from './describe-agent';

describe('describeAgent', () => {
  it('names the browser and the system in a few words', () => {
    expect(
      describeAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      describeAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
  });

  it('says so when nothing is known, and keeps a short prefix of what it cannot read', () => {
    expect(describeAgent('')).toBe('Unknown device');
    expect(describeAgent('curl/8.5.0')).toBe('curl');
    expect(describeAgent('my-script/1.0')).toBe('my-script/1.0');
  });
});
