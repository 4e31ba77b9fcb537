/** The shape of a route of the table, and what the tag files (./auth.ts, ./users.ts, ...) share. */

/** Every API path starts with it; the server registers the whole API in one scope under it. */
export const apiPrefix = '/api';

/**
 * Request budgets (the server's RATE_LIMIT_* settings). Each counts under its own key: the client IP
 * (`...PerIp`), the account a login or password change is for (`loginPerUser`), or the signed-in
 * user, else the IP (`writesPerUser`, `uploadsPerUser`, `readsPerUser`, `exportsPerUser`,
 * `importsPerUser`). A call may spend several.
 * `readsPerUser` is spent by every GET of the table, so the table does not name it.
 */
export const rateLimitClasses = [
  'loginPerIp',
  'loginPerUser',
  'signupPerIp',
  'writesPerUser',
  'uploadsPerUser',
  'readsPerUser',
  'exportsPerUser',
  // Email (issue 45): verification mails per person; "Forgot password?" per IP and per username.
  'emailsPerUser',
  'forgotPasswordPerIp',
  'forgotPasswordPerUser',
  'importsPerUser',
] as const;
export type RateLimitClass = (typeof rateLimitClasses)[number];

export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path with `:name` segments, e.g. /api/posts/:postId */
  path: `${typeof apiPrefix}/${string}`;
  summary: string;
  tag: string;
  /**
   * true: the `authorization` header must carry a valid token (SPEC §6). 'optional': public, but a
   * valid token personalises the answer (likedByMe, followedByMe); an invalid one is ignored.
   */
  auth: boolean | 'optional';
  /** Success status. Every 4xx answers `{ "errors": [...] }`; a 500 answers `{ "error": "..." }`. */
  status: number;
  /** Budgets the call spends, checked before it runs. Every call that changes something has one. */
  rateLimit?: readonly RateLimitClass[];
  /** Answers only what changed under `Prefer: return=minimal` (RFC 7240), as Spotter's client asks. */
  minimal?: true;
  /** 'always': one page per call. 'optional': the spec's whole list, or one page given `limit` or `cursor`. */
  paging?: 'always' | 'optional';
  /** Also answered with a trailing slash (SPEC §7: bookmark and follow paths). */
  trailingSlash?: true;
  /** The call takes multipart/form-data with one file in this field, instead of JSON. */
  fileField?: string;
  /** The success answer's media type when it is not JSON (its schema is then a string). */
  answerType?: 'text/csv' | 'application/zip';
}

/** The budget of most calls that change something. */
export const writes = ['writesPerUser'] as const;

/**
 * One tag's routes as written: each is checked against RouteSpec and keeps its literal types (its
 * name, method and path are types too, which the server's registry and the web's client read).
 */
export const routeGroup = <const T extends Record<string, RouteSpec>>(group: T): T => group;
