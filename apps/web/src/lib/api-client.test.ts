import { describe, expect, it } from 'vitest';
import { fillPath } from './api-client';

describe('fillPath', () => {
  it("puts each :name segment's value in, encoded", () => {
    expect(fillPath('/api/posts/edit/:postId', { postId: 'a/b c' })).toBe('/api/posts/edit/a%2Fb%20c');
    expect(fillPath('/api/users/:username', { username: 'maya_lifts' })).toBe('/api/users/maya_lifts');
    expect(fillPath('/api/posts', {})).toBe('/api/posts');
  });

  it('refuses a path whose segment has no value instead of calling a wrong address', () => {
    expect(() => fillPath('/api/posts/:postId', {})).toThrow(':postId');
  });
});
