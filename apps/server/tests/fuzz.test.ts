import { apiErrors, type Route, routes } from '@spotter/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { guest, seedPost, seedUser } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

/**
 * Property-based fuzzing of every endpoint of the contract: generated bodies, params, query strings
 * and headers, hostile on purpose. Whatever arrives, the answer is never a 5xx, a 4xx is the
 * contract's `{ errors: [...] }`, and the data keeps its invariants. FUZZ_RUNS raises the number of
 * requests per endpoint for a longer local run.
 */
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 40);

const t = useTestApp();

const otherPassword = 'fuzz-other-password';

/** Real ids and tokens, so that some generated requests get past validation into the handlers. */
const known = {
  token: '',
  otherToken: '',
  postIds: [] as string[],
  userIds: [] as string[],
  usernames: [] as string[],
};

beforeAll(async () => {
  known.token = (await t().login(guest.username, guest.password)).token;
  known.otherToken = (await t().signup('fuzz_other', otherPassword)).token;
  const posts = (await t().call('GET', routes.listPosts.path)).json().posts as { _id: string }[];
  known.postIds = [seedPost('maya-pr').id, ...posts.map((p) => p._id)];
  const users = (await t().call('GET', routes.listUsers.path)).json().users as { _id: string; username: string }[];
  known.userIds = [seedUser('maya').id, ...users.map((u) => u._id)];
  known.usernames = users.map((u) => u.username);
});

// ---------------------------------------------------------------------------------------------------
// Hostile values

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\uffff',
  '\u202e\u0041',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '%',
  '%00',
  '%zz',
  '\\',
  '$' + '{7*7}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%2e%2e%2f',
  'x'.repeat(100_000),
  'é'.repeat(20_000),
  '🏋️'.repeat(5_000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, minLength: 1, maxLength: 5 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE, 1e-320),
);

const fieldNames = [
  'postData',
  'userData',
  'content',
  'image',
  'mediaType',
  'alt',
  'username',
  'password',
  'firstname',
  'lastname',
  'avatarUrl',
  'bio',
  'website',
  'currentPassword',
  'newPassword',
  'text',
  '__proto__',
  'constructor',
  'prototype',
  '_id',
  'likes',
  'token_version',
  'password_hash',
];

/** Any JSON value, with keys from the contract's field names (and prototype-polluting ones). */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 10 })), tie('value'), {
      maxKeys: 5,
    }),
  ),
})).value;

/** A value a real client might send in that field, or a hostile one. */
const fieldValue = (...plausible: string[]) =>
  fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...plausible) }, { weight: 1, arbitrary: hostileString });

const postData = fc.record(
  {
    content: fieldValue('Deadlift PR today', '<script>alert(1)</script>'),
    image: fieldValue('', 'https://images.example/lift.jpg', '/media/not-mine.webp'),
    mediaType: fc.constantFrom('image', 'video', 'gif', null),
    alt: fc.option(hostileString),
  },
  { requiredKeys: [] },
);

/** Bodies shaped like each endpoint's own, with hostile values in the fields, so handlers get to run. */
const ownBodies: Partial<Record<keyof typeof routes, fc.Arbitrary<unknown>>> = {
  login: fc.record({ username: fieldValue('guest', 'GUEST', 'maya_lifts'), password: hostileString }),
  signup: fc.record(
    {
      firstname: fieldValue('Fuzz', '<b>Fuzz</b>'),
      lastname: fieldValue('Tester', 'Ünïcödé'),
      username: fc.oneof(fc.stringMatching(/^[a-z0-9_.]{1,30}$/), hostileString),
      password: hostileString,
      avatarUrl: fieldValue('/avatars/1.svg', 'https://avatars.example/a.png', '//evil.example/x.png'),
    },
    { requiredKeys: ['firstname', 'lastname', 'username', 'password'] },
  ),
  editProfile: fc.record({
    userData: fc.record(
      {
        bio: fieldValue('Squats daily', ''),
        website: fieldValue('', 'https://example.com/me', 'javascript:alert(1)'),
        firstname: fieldValue('Guest'),
        lastname: fieldValue('User'),
        avatarUrl: fieldValue('/avatars/2.svg', 'data:image/svg+xml,<svg onload=alert(1)>'),
        username: fieldValue('guest', 'someone_else'),
      },
      { requiredKeys: [] },
    ),
  }),
  changePassword: fc.record({ currentPassword: hostileString, newPassword: hostileString }),
  createPost: fc.record({ postData }),
  editPost: fc.record({ postData }),
  createTodo: fc.record({ text: fieldValue('Bench 5x5', '<img src=x onerror=alert(1)>') }),
};

/** Raw bodies that JSON.stringify would never produce. */
const rawBodies = fc.oneof(
  fc.integer({ min: 1, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 100_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true}}',
    '{"postData":{"content":"x","__proto__":{"polluted":1}}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"userData":{"constructor":{"prototype":{"bio":"x"}}}}',
    '{"a":1e999999}',
    `{"limit":${'9'.repeat(500)}}`,
    '{"content":"\\ud800"}',
    '{"content":"\\u0000"}',
    '{"username":"guest","username":"maya_lifts","password":"x"}',
    '{',
    '"just a string"',
    'null',
    '123',
    '[]',
    '',
    '\u0000',
  ),
  // Bytes that are not UTF-8 at all.
  fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map((bytes) => Buffer.concat([Buffer.from('{"content":"'), Buffer.from(bytes), Buffer.from('"}')])),
);

const bodyFor = (name: keyof typeof routes) => {
  const own = ownBodies[name];
  return fc.oneof(
    { weight: own ? 6 : 0, arbitrary: (own ?? fc.constant({})).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: hostileJson.map((b) => JSON.stringify(b) ?? 'null') },
    { weight: 2, arbitrary: rawBodies },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
};

/** Percent-encodes any string; a lone surrogate becomes the bytes of one (%ED%A0%80: not UTF-8). */
function percent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    const wellFormed = value.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    );
    return encodeURIComponent(wellFormed).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

/** A path parameter: a real one of its kind, any real id, a hostile string, or broken percent-encoding. */
const param = (name: string) => {
  const real =
    name === 'postId'
      ? known.postIds
      : name === 'userId'
        ? known.userIds
        : name === 'username'
          ? known.usernames
          : ['1'];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(...known.postIds, ...known.userIds, ...known.usernames) },
    { weight: 3, arbitrary: hostileString.map((s) => percent(s.slice(0, 3000))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%ff', '%c0%ae', '%ED%A0%80', '..', '.', '%2F', '%00', 'a%2Fb'),
    },
  );
};

const queryKey = fc.constantFrom(
  'limit',
  'cursor',
  'order',
  'q',
  '__proto__',
  'constructor',
  'limit[]',
  'cursor[a]',
  'x',
);
const queryValue = fc.oneof(
  hostileString.map((s) => percent(s.slice(0, 3000))),
  hostileNumber.map(String),
  fc.constantFrom('newest', 'trending', '1', '100', '101', '0', '-5', '1.5', '1e3', '%', '%zz', ''),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const printable = (s: string) => percent(s).slice(0, 8000);

const contentTypes = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json, text/plain',
  '',
];

/** Mostly what a real client sends (a valid token, JSON), so the handlers run; the rest hostile. */
const headers = fc.record({
  authorization: fc.oneof(
    { weight: 10, arbitrary: fc.constant('valid') },
    { weight: 2, arbitrary: fc.constant('other') },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: hostileString.map(printable) },
    { weight: 1, arbitrary: hostileString.map((s) => `Bearer ${printable(s)}`) },
    { weight: 1, arbitrary: fc.constant(`${'eyJ'.repeat(2000)}.x.y`) },
  ),
  'content-type': fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 3, arbitrary: fc.constantFrom(...contentTypes) },
  ),
  prefer: fc.option(
    fc.constantFrom('return=minimal', 'return=representation', 'return=minimal, return=minimal', 'garbage'),
    {
      nil: undefined,
    },
  ),
  'x-request-id': fc.option(hostileString.map(printable), { nil: undefined, freq: 3 }),
});

const method = (endpoint: Route) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.constant(endpoint.method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD') },
  );

function urlFor(endpoint: Route, params: string[]): string {
  let i = 0;
  return endpoint.path.replace(/:[A-Za-z]+/g, () => params[i++] ?? 'x');
}

// ---------------------------------------------------------------------------------------------------

/** How each endpoint answered, to check the fuzzing reached the handlers and not only validation. */
const answered = new Map<string, number[]>();

async function send(name: string, options: InjectOptions) {
  const res = await t().app.inject(options);
  answered.set(name, [...(answered.get(name) ?? []), res.statusCode]);
  expect(
    res.statusCode,
    `${options.method} ${options.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (res.statusCode >= 400 && options.method !== 'HEAD') {
    const answer = res.json();
    expect(Array.isArray(answer.errors) && answer.errors.every((e: unknown) => typeof e === 'string')).toBe(true);
  }
  return res;
}

describe('fuzzing every endpoint of the contract', () => {
  const all = Object.entries(routes) as [keyof typeof routes, Route][];

  it.each(all)('%s: hostile params, query, headers and body never get a 5xx', async (name, endpoint) => {
    const paramNames = (endpoint.path.match(/:[A-Za-z]+/g) ?? []).map((p) => p.slice(1));
    await fc.assert(
      fc.asyncProperty(
        method(endpoint),
        fc.tuple(...paramNames.map(param)),
        query,
        headers,
        bodyFor(name),
        async (verb, params, search, head, payload) => {
          const token =
            head.authorization === 'valid'
              ? known.token
              : head.authorization === 'other'
                ? known.otherToken
                : head.authorization;
          const withBody = payload !== undefined && verb !== 'GET' && verb !== 'HEAD';
          const sent: Record<string, string> = {};
          if (token !== undefined) sent.authorization = token;
          if (withBody) sent['content-type'] = head['content-type'];
          if (head.prefer !== undefined) sent.prefer = head.prefer;
          if (head['x-request-id'] !== undefined) sent['x-request-id'] = head['x-request-id'];
          const res = await send(name, {
            method: verb as InjectOptions['method'],
            url: `${urlFor(endpoint, params)}${search}`,
            headers: sent,
            ...(withBody ? { payload } : {}),
          });
          // Logout and "log out everywhere" end the token that called them: the next requests get a fresh one.
          if ((name === 'logout' || name === 'revokeAllSessions') && res.statusCode < 300) {
            if (token === known.token) known.token = (await t().login(guest.username, guest.password)).token;
            if (token === known.otherToken) known.otherToken = (await t().login('fuzz_other', otherPassword)).token;
          }
        },
      ),
      { numRuns: runsPerEndpoint },
    );
  });
});

describe('after the fuzzing', () => {
  it('reached the handlers: a good share of the generated requests succeeded', () => {
    const codes = [...answered.values()].flat();
    expect(codes.length).toBe(Object.keys(routes).length * runsPerEndpoint);
    expect(codes.filter((c) => c < 300).length / codes.length).toBeGreaterThan(0.15);
    const succeeding = [...answered.values()].filter((list) => list.some((c) => c < 300));
    expect(succeeding.length).toBeGreaterThan(15);
  });

  it('the server still answers', async () => {
    expect((await t().call('GET', routes.listPosts.path)).statusCode).toBe(200);
    expect((await t().call('GET', routes.me.path, { token: known.token })).statusCode).toBe(200);
  });

  it('likeCount equals the number of people in likedBy, for every post, and matches the like rows', async () => {
    const posts = (await t().call('GET', routes.listPosts.path)).json().posts as {
      _id: string;
      likes: { likeCount: number; likedBy: { _id: string }[] };
    }[];
    expect(posts.length).toBeGreaterThan(0);
    const likeRows = await t()
      .db.kysely.selectFrom('likes')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .select(['posts.public_id as post_id', 'likes.user_id'])
      .execute();
    for (const post of posts) {
      expect(post.likes.likeCount, post._id).toBe(post.likes.likedBy.length);
      expect(post.likes.likeCount, post._id).toBe(likeRows.filter((r) => r.post_id === post._id).length);
      expect(new Set(post.likes.likedBy.map((u) => u._id)).size).toBe(post.likes.likedBy.length);
    }
  });

  it('follows are mirrored: A follows B exactly when B has A among followers', async () => {
    const users = (await t().call('GET', routes.listUsers.path)).json().users as {
      _id: string;
      followers: { _id: string }[];
      following: { _id: string }[];
    }[];
    const byId = new Map(users.map((u) => [u._id, u]));
    for (const user of users) {
      for (const followee of user.following) {
        expect(
          byId.get(followee._id)?.followers.map((f) => f._id),
          `${user._id} -> ${followee._id}`,
        ).toContain(user._id);
      }
      for (const follower of user.followers) {
        expect(
          byId.get(follower._id)?.following.map((f) => f._id),
          `${follower._id} -> ${user._id}`,
        ).toContain(user._id);
      }
      expect(user.following.map((f) => f._id)).not.toContain(user._id);
    }
  });

  it('bookmarks point at existing posts', async () => {
    // Bookmarks are private (decision 015): read every person's from the table, not from /api/users.
    const bookmarks = await t()
      .db.kysely.selectFrom('bookmarks')
      .innerJoin('posts', 'posts.id', 'bookmarks.post_id')
      .select(['bookmarks.user_id', 'posts.public_id as post_id'])
      .execute();
    const postIds = new Set(
      ((await t().call('GET', routes.listPosts.path)).json().posts as { _id: string }[]).map((p) => p._id),
    );
    for (const { user_id, post_id } of bookmarks) expect(postIds.has(post_id), `${user_id} -> ${post_id}`).toBe(true);
  });
});

describe('inputs the fuzzing once found to fail, kept as fixed cases', () => {
  it('a NUL character anywhere in params, query or body: 400 naming the field, on every database', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/api/posts/%00', undefined, /^postId: /],
      ['GET', '/api/users/profile/a%00b', undefined, /^username: /],
      ['GET', '/api/users/search?q=%00', undefined, /^q: /],
      ['POST', routes.createPost.path, { postData: { content: 'a\u0000b' } }, /^postData\.content: /],
      ['POST', routes.editProfile.path, { userData: { bio: '\u0000' } }, /^userData\.bio: /],
    ];
    for (const [verb, url, payload, message] of cases) {
      const res = await t().call(verb as 'GET', url, { token: known.token, ...(payload ? { body: payload } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0], url).toMatch(message);
    }
  });

  it('a path that is not valid percent-encoded UTF-8: 400; a parameter too long for the router: 414', async () => {
    for (const url of ['/api/posts/%', '/api/posts/%zz', '/api/posts/%ED%A0%80', '/api/users/%c0%ae']) {
      const res = await t().call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ errors: [apiErrors.badUrl] });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const long = await t().call('GET', `/api/posts/${'a'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ errors: [apiErrors.urlTooLong] });
  });
});
