import { describe, expect, it } from 'vitest';
import { describeScope, parseScopes, scopeCovers, scopesWithin } from './oauth-scopes';

describe('OAuth scopes (issue 50)', () => {
  it('parses space- or plus-separated lists, without repeats, defaulting to read', () => {
    expect(parseScopes('read write:statuses read')).toEqual(['read', 'write:statuses']);
    expect(parseScopes('read+write')).toEqual(['read', 'write']);
    expect(parseScopes('')).toEqual(['read']);
    expect(parseScopes(undefined)).toEqual(['read']);
    expect(parseScopes('read admin:read')).toBeUndefined();
    expect(parseScopes('everything')).toBeUndefined();
  });

  it('a broad scope covers its granular ones, and follow covers follows, blocks and mutes', () => {
    expect(scopeCovers(['read'], 'read:statuses')).toBe(true);
    expect(scopeCovers(['read'], 'write:statuses')).toBe(false);
    expect(scopeCovers(['write:statuses'], 'write:statuses')).toBe(true);
    expect(scopeCovers(['write:statuses'], 'write:favourites')).toBe(false);
    expect(scopeCovers(['follow'], 'write:follows')).toBe(true);
    expect(scopeCovers(['follow'], 'write:statuses')).toBe(false);
    expect(scopeCovers(['read:statuses'], 'read')).toBe(false);
  });

  it('a request may ask for its app’s scopes or narrower ones, never wider', () => {
    expect(scopesWithin(['read:statuses', 'write'], ['read', 'write'])).toBe(true);
    expect(scopesWithin(['read'], ['read:statuses'])).toBe(false);
    expect(scopesWithin(['push'], ['read'])).toBe(false);
  });

  it('names what each scope lets the app do', () => {
    expect(describeScope('read')).toBe('Read all your account’s data');
    expect(describeScope('write:statuses')).toBe('Change your statuses');
    expect(describeScope('read:notifications')).toBe('Read your notifications');
  });
});
