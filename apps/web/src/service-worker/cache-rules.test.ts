import { describe, expect, it } from 'vitest';
import { keepsOfflineCopy } from './cache-rules';

const origin = 'https://spotter.example';
const kept = (path: string) => keepsOfflineCopy(new URL(path, origin), 'GET', origin);

describe('offline copies of API reads', () => {
  it('never keep the person’s email address (issue 45), and still keep what is shown offline', () => {
    expect(kept('/api/users/me/email')).toBe(false);
    expect(kept('/api/capabilities')).toBe(false);
    expect(kept('/api/feed')).toBe(true);
  });
});
