/**
 * OAuth 2 scopes as Mastodon names them (issue 50): the three broad ones, `push`, `profile`, and the
 * granular `read:*` / `write:*`. Plain data and pure rules: the server checks a token with them, the
 * web app's consent screen names them.
 */
export const broadScopes = ['read', 'write', 'follow', 'push', 'profile'] as const;

export const readScopes = [
  'read:accounts',
  'read:blocks',
  'read:bookmarks',
  'read:favourites',
  'read:filters',
  'read:follows',
  'read:lists',
  'read:mutes',
  'read:notifications',
  'read:search',
  'read:statuses',
] as const;

export const writeScopes = [
  'write:accounts',
  'write:blocks',
  'write:bookmarks',
  'write:conversations',
  'write:favourites',
  'write:filters',
  'write:follows',
  'write:lists',
  'write:media',
  'write:mutes',
  'write:notifications',
  'write:reports',
  'write:statuses',
] as const;

export const oauthScopes = [...broadScopes, ...readScopes, ...writeScopes] as const;
export type OauthScope = (typeof oauthScopes)[number];

/** What Mastodon grants when an app or a request names no scope. */
export const defaultScopes: readonly OauthScope[] = ['read'];

/** The granular scopes that Mastodon's deprecated `follow` scope stands for. */
const followCovers: readonly string[] = [
  'read:follows',
  'write:follows',
  'read:blocks',
  'write:blocks',
  'read:mutes',
  'write:mutes',
];

export const isOauthScope = (scope: string): scope is OauthScope => (oauthScopes as readonly string[]).includes(scope);

/**
 * The scopes of a space-separated list (`read write:statuses`; `+` as a separator too, as form
 * bodies and query strings send it), without repeats; `undefined` when one of them is unknown.
 * An empty list is the default scopes.
 */
export function parseScopes(text: string | undefined): OauthScope[] | undefined {
  const words = (text ?? '').split(/[\s+]+/).filter((word) => word !== '');
  if (words.length === 0) return [...defaultScopes];
  if (!words.every(isOauthScope)) return undefined;
  return [...new Set(words)];
}

/** Whether `granted` allows `needed`: itself, its broad scope (`read` for `read:statuses`), or `follow`'s. */
export function scopeCovers(granted: readonly string[], needed: OauthScope): boolean {
  if (granted.includes(needed)) return true;
  const [broad] = needed.split(':');
  if (needed.includes(':') && broad !== undefined && granted.includes(broad)) return true;
  return granted.includes('follow') && followCovers.includes(needed);
}

/** Whether every one of `asked` is allowed by `allowed` (a request's scopes within its app's). */
export const scopesWithin = (asked: readonly OauthScope[], allowed: readonly string[]): boolean =>
  asked.every((scope) => scopeCovers(allowed, scope));

/** Mastodon's address for "show me the code" instead of a redirect (RFC 6749's out-of-band). */
export const oobRedirectUri = 'urn:ietf:wg:oauth:2.0:oob';

/** What the consent screen says each scope lets the app do. */
export function describeScope(scope: string): string {
  const [kind, what] = scope.split(':');
  const thing = what?.replace('_', ' ');
  if (scope === 'read') return 'Read all your account’s data';
  if (scope === 'write') return 'Change all your account’s data';
  if (scope === 'follow') return 'Follow, mute and block people';
  if (scope === 'push') return 'Receive your push notifications';
  if (scope === 'profile') return 'Read only your profile’s basic information';
  if (kind === 'read') return `Read your ${thing}`;
  return `Change your ${thing}`;
}
