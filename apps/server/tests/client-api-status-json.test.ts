import type { CardPost } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { statusesJson } from '../src/modules/client-api/status-json';
import { statusesOf } from '../src/modules/client-api/status-list';
import { homePage } from '../src/modules/posts';
import { png } from './helpers/media-files';
import { useTestApp } from './helpers/test-app';
import { multipartBody } from './helpers/upload';

// The client API's timelines write their Statuses from texts kept with the card cache and the
// authors' kept Accounts (status-json.ts, issue 50's cost): an app must get the very bytes the plain
// entities give through JSON.stringify, on a first read, a second (when texts are kept) and a third
// (when they are used), and after the author's profile, a count and the viewer's flags change.
const t = useTestApp({ publicOrigin: 'https://spotter.example' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PATCH', url: string, token: string, body: object = {}) =>
  t().app.inject({ method, url, headers: bearer(token), payload: body });

let ana: { token: string; userId: string };
let ben: { token: string; userId: string };
const posted: string[] = [];

async function status(token: string, body: object): Promise<string> {
  const res = await send('POST', '/api/v1/statuses', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function photo(token: string, description: string): Promise<string> {
  const { payload, contentType } = await multipartBody([
    { field: 'file', data: await png(), filename: 'photo.png', contentType: 'image/png' },
    { field: 'description', data: description },
  ]);
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/v2/media',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

beforeAll(async () => {
  ana = await t().signup('json_ana');
  ben = await t().signup('json_ben');
  expect((await t().call('POST', `/api/users/follow/${ana.userId}`, { token: ben.token })).statusCode).toBe(200);
  const profile = await send('PATCH', '/api/v1/accounts/update_credentials', ana.token, {
    note: 'Runs <fast> & "far"\nand lifts',
    fields_attributes: [{ name: 'Website', value: 'https://ana.example/?a=1&b=2' }],
  });
  expect(profile.statusCode, profile.body).toBe(200);
  posted.push(await status(ana.token, { status: 'Plain words' }));
  posted.push(await status(ana.token, { status: 'Quotes " and \\ and <b>tags</b>\nemoji 🏋️ and \u2028 é' }));
  posted.push(
    await status(ana.token, {
      status: 'Two photos',
      media_ids: [await photo(ana.token, 'First, "quoted"'), await photo(ana.token, '')],
    }),
  );
  posted.push(await status(ana.token, { status: 'One photo', media_ids: [await photo(ana.token, 'Alone')] }));
  posted.push(await status(ana.token, { status: 'For followers', visibility: 'private' }));
  const workout = await t().call('POST', '/api/workouts', {
    token: ana.token,
    body: {
      workout: {
        title: 'Bench & <squat> day',
        startedAt: new Date().toISOString(),
        durationSec: 3725,
        exercises: [{ exerciseId: 'barbell-bench-press', sets: [{ weightKg: 102.5, reps: 5, type: 'normal' }] }],
      },
    },
  });
  expect(workout.statusCode, workout.body).toBe(201);
  const withWorkout = await t().call('POST', '/api/posts', {
    token: ana.token,
    body: { postData: { content: 'Done', workoutId: workout.json().workout._id } },
    headers: { prefer: 'return=minimal' },
  });
  expect(withWorkout.statusCode, withWorkout.body).toBe(201);
  posted.push(withWorkout.json().post._id);
  posted.push(await status(ben.token, { status: 'Ben’s own' }));
  expect((await send('POST', `/api/v1/statuses/${posted[0]}/favourite`, ben.token)).statusCode).toBe(200);
  expect((await send('POST', `/api/v1/statuses/${posted[2]}/bookmark`, ben.token)).statusCode).toBe(200);
});

/** Each status of the page as GET /api/v1/statuses/:id answers it (the plain entity), as one array. */
async function plainPage(ids: readonly string[], token: string) {
  const bodies: string[] = [];
  for (const id of ids) {
    const res = await get(`/api/v1/statuses/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    bodies.push(res.body);
  }
  return `[${bodies.join(',')}]`;
}

async function expectPlainBytes(url: string, token = ben.token) {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const ids = (res.json() as { id: string }[]).map((s) => s.id);
  expect(res.body).toBe(await plainPage(ids, token));
  return res;
}

describe('the client API timelines’ JSON', () => {
  it('is byte for byte the plain entities’, read after read, and after changes', async () => {
    for (let read = 0; read < 3; read++) {
      const res = await expectPlainBytes('/api/v1/timelines/home?limit=20');
      expect((res.json() as unknown[]).length).toBe(posted.length);
    }
    // Ana sees the same cards without Ben's favourite and bookmark.
    for (let read = 0; read < 2; read++) await expectPlainBytes('/api/v1/timelines/home?limit=20', ana.token);
    for (const url of ['/api/v1/bookmarks', '/api/v1/favourites', '/api/v1/timelines/public?local=true']) {
      await expectPlainBytes(url);
      await expectPlainBytes(url);
    }
    // Her profile (her row's version), a count and the viewer's flags change; the next pages show it.
    expect(
      (await send('PATCH', '/api/v1/accounts/update_credentials', ana.token, { note: 'New bio' })).statusCode,
    ).toBe(200);
    expect((await send('POST', `/api/v1/statuses/${posted[0]}/unfavourite`, ben.token)).statusCode).toBe(200);
    expect((await send('POST', `/api/v1/statuses/${posted[3]}/favourite`, ben.token)).statusCode).toBe(200);
    for (let read = 0; read < 2; read++) {
      const res = await expectPlainBytes('/api/v1/timelines/home?limit=20');
      const page = res.json() as { id: string; favourited: boolean; account: { note: string; acct: string } }[];
      expect(page.find((s) => s.account.acct === 'json_ana')?.account.note).toBe('<p>New bio</p>');
      expect(page.find((s) => s.id === posted[0])?.favourited).toBe(false);
      expect(page.find((s) => s.id === posted[3])?.favourited).toBe(true);
    }
  });

  it('writes a boost as statusesOf wraps it, the booster as its account', async () => {
    const ctx = { db: t().db, config: t().config } as AppContext;
    const request = {} as FastifyRequest;
    const viewer = await t()
      .db.kysely.selectFrom('users')
      .select('id')
      .where('public_id', '=', ben.userId)
      .executeTakeFirstOrThrow();
    for (let read = 0; read < 3; read++) {
      const page = await homePage(t().db, viewer.id, 'newest', { limit: 20, after: undefined });
      const [first, second] = page.posts as CardPost[];
      if (!first || !second) throw new Error('a page of two posts at least');
      const boosted: CardPost = {
        ...second,
        boostedBy: { ...first.author, _id: ben.userId, username: 'json_ben' },
      };
      for (const posts of [page.posts, [first, boosted, ...page.posts.slice(2)]]) {
        expect((await statusesJson(ctx, request, posts)).toString('utf8')).toBe(
          JSON.stringify(await statusesOf(ctx, request, posts)),
        );
      }
    }
  });
});

describe('the Link header of a timeline', () => {
  it('keeps the request’s other parameters, in order, with the paging ones replaced', async () => {
    const origin = 'https://spotter.example';
    const res = await get('/api/v1/timelines/home?limit=2', ben.token);
    const [first, second] = (res.json() as { id: string }[]).map((s) => s.id);
    expect(res.headers.link).toBe(
      `<${origin}/api/v1/timelines/home?max_id=${second}&limit=2>; rel="next", <${origin}/api/v1/timelines/home?min_id=${first}&limit=2>; rel="prev"`,
    );
    // Written by URL and URLSearchParams when a value needs them: encoded, `+` a space.
    const cases: [string, string][] = [
      ['local=true&max_id=x&limit=2&only_media=0', 'local=true&only_media=0'],
      ['local=a+b&limit=2', 'local=a+b'],
      ['local=%C3%A9&limit=2', 'local=%C3%A9'],
      ['limit=2&local', 'local='],
    ];
    for (const [query, kept] of cases) {
      const page = await get(
        `/api/v1/timelines/public/?${query.replace('max_id=x', `max_id=${posted[6]}`)}`,
        ben.token,
      );
      expect(page.statusCode, page.body).toBe(200);
      const [top] = (page.json() as { id: string }[]).map((s) => s.id);
      expect(String(page.headers.link)).toContain(`<${origin}/api/v1/timelines/public/?${kept}&min_id=${top}&limit=2>`);
    }
  });
});
