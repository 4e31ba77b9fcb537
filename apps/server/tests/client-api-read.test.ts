import { mastodonErrors } from '@spotter/contract';
import {
  mastodonAccountSchema,
  mastodonCredentialAccountSchema,
  mastodonRelationshipSchema,
  mastodonStatusSchema,
  mastodonTagSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from './helpers/test-app';

// The client API's reading and everyday actions (issue 50, docs/client-api.md): timelines with
// Mastodon's paging and Link headers, a status's thread, edit, favourites and bookmarks, accounts'
// lists, profile edit, blocks and mutes, the start-up calls, and the body and path conventions.
const t = useTestApp({ publicOrigin: 'https://spotter.example' });

const statuses = z.array(mastodonStatusSchema);
const accounts = z.array(mastodonAccountSchema);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string) =>
  t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, body: object = {}) =>
  t().app.inject({ method, url, headers: bearer(token), payload: body });
const linkOf = (header: string | string[] | number | undefined, rel: 'next' | 'prev') => {
  const match = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(String(header ?? ''));
  return match?.[1] ? new URL(match[1]) : undefined;
};

let ana: { token: string; userId: string };
let ben: { token: string; userId: string };
const anaPosts: string[] = [];

async function post(token: string, postData: object): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post._id;
}

/** A token of an OAuth app holding `scope` only, by the authorization-code flow. */
async function appToken(spotterToken: string, scope: string): Promise<string> {
  const redirect = 'https://app.example/callback';
  const app = await t().call('POST', '/api/v1/apps', {
    body: { client_name: 'Reader', redirect_uris: redirect, scopes: 'read write follow' },
  });
  const { client_id, client_secret } = app.json();
  const approved = await t().call('POST', '/api/oauth/authorization', {
    token: spotterToken,
    body: { client_id, redirect_uri: redirect, scope },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const token = await t().call('POST', '/oauth/token', {
    body: {
      grant_type: 'authorization_code',
      code: approved.json().code,
      redirect_uri: redirect,
      client_id,
      client_secret,
    },
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json().access_token;
}

beforeAll(async () => {
  ana = await t().signup('read_ana');
  ben = await t().signup('read_ben');
  for (let i = 0; i < 5; i++) anaPosts.push(await post(ana.token, { content: `Ana's run ${i} #legday` }));
  expect((await t().call('POST', `/api/users/follow/${ana.userId}`, { token: ben.token })).statusCode).toBe(200);
});

describe('timelines', () => {
  it('home pages by limit, max_id, since_id and min_id, with Link headers apps follow', async () => {
    const first = await get('/api/v1/timelines/home?limit=2', ben.token);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = statuses.parse(first.json());
    expect(page1.map((s) => s.id)).toEqual([anaPosts[4], anaPosts[3]]);
    expect(page1[0]?.account.acct).toBe('read_ana');
    const next = linkOf(first.headers.link, 'next');
    expect(next?.origin).toBe('https://spotter.example');
    expect(next?.searchParams.get('max_id')).toBe(anaPosts[3]);
    expect(linkOf(first.headers.link, 'prev')?.searchParams.get('min_id')).toBe(anaPosts[4]);

    const second = await get(`${next?.pathname}${next?.search}`, ben.token);
    expect(statuses.parse(second.json()).map((s) => s.id)).toEqual([anaPosts[2], anaPosts[1]]);
    // since_id: the newest after it; min_id: those just after it.
    const since = statuses.parse(
      (await get(`/api/v1/timelines/home?limit=2&since_id=${anaPosts[0]}`, ben.token)).json(),
    );
    expect(since.map((s) => s.id)).toEqual([anaPosts[4], anaPosts[3]]);
    const min = statuses.parse((await get(`/api/v1/timelines/home?limit=2&min_id=${anaPosts[0]}`, ben.token)).json());
    expect(min.map((s) => s.id)).toEqual([anaPosts[2], anaPosts[1]]);
    // The last page has no next link; the limit is at most 40.
    const last = await get(`/api/v1/timelines/home?limit=2&max_id=${anaPosts[1]}`, ben.token);
    expect(statuses.parse(last.json()).map((s) => s.id)).toEqual([anaPosts[0]]);
    expect(linkOf(last.headers.link, 'next')).toBeUndefined();
    expect((await get('/api/v1/timelines/home?limit=500', ben.token)).statusCode).toBe(200);
  });

  it('refuses bad paging with a 4xx in Mastodon’s shape', async () => {
    const bad = await get('/api/v1/timelines/home?limit=ten', ben.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    expect((await get('/api/v1/timelines/home?max_id=no-such-status', ben.token)).statusCode).toBe(404);
    expect((await get('/api/v1/bookmarks?max_id=not-a-cursor', ben.token)).statusCode).toBe(400);
    expect((await get('/api/v1/timelines/home')).statusCode).toBe(401);
  });

  it('public (with local=true) and a tag’s timeline hold public posts, signed out too', async () => {
    const shown = statuses.parse((await get('/api/v1/timelines/public?local=true&limit=40')).json());
    expect(shown.map((s) => s.id)).toEqual(expect.arrayContaining(anaPosts));
    const remote = statuses.parse((await get('/api/v1/timelines/public?remote=true')).json());
    expect(remote).toEqual([]);
    const tagged = statuses.parse((await get('/api/v1/timelines/tag/LegDay?limit=3')).json());
    expect(tagged.map((s) => s.id)).toEqual([anaPosts[4], anaPosts[3], anaPosts[2]]);
  });
});

describe('statuses', () => {
  it('favourites and bookmarks, idempotent, listed with their Link; favourited_by', async () => {
    const target = anaPosts[2] as string;
    for (let i = 0; i < 2; i++) {
      const fav = await send('POST', `/api/v1/statuses/${target}/favourite`, ben.token);
      expect(fav.statusCode, fav.body).toBe(200);
      expect(mastodonStatusSchema.parse(fav.json())).toMatchObject({ favourited: true, favourites_count: 1 });
    }
    const marked = await send('POST', `/api/v1/statuses/${target}/bookmark`, ben.token);
    expect(mastodonStatusSchema.parse(marked.json()).bookmarked).toBe(true);
    await send('POST', `/api/v1/statuses/${anaPosts[3]}/bookmark`, ben.token);

    const bookmarks = await get('/api/v1/bookmarks?limit=1', ben.token);
    expect(statuses.parse(bookmarks.json()).map((s) => s.id)).toEqual([anaPosts[3]]);
    const next = linkOf(bookmarks.headers.link, 'next');
    const older = statuses.parse((await get(`${next?.pathname}${next?.search}`, ben.token)).json());
    expect(older.map((s) => s.id)).toEqual([target]);
    expect(statuses.parse((await get('/api/v1/favourites', ben.token)).json()).map((s) => s.id)).toEqual([target]);
    const likers = accounts.parse((await get(`/api/v1/statuses/${target}/favourited_by`)).json());
    expect(likers.map((a) => a.username)).toEqual(['read_ben']);

    const unfav = await send('POST', `/api/v1/statuses/${target}/unfavourite`, ben.token);
    expect(mastodonStatusSchema.parse(unfav.json())).toMatchObject({ favourited: false, favourites_count: 0 });
    const unmarked = await send('POST', `/api/v1/statuses/${target}/unbookmark`, ben.token);
    expect(mastodonStatusSchema.parse(unmarked.json()).bookmarked).toBe(false);
  });

  it('a read token cannot favourite (403); a reblog is a clear 422', async () => {
    const readOnly = await appToken(ben.token, 'read');
    const refused = await send('POST', `/api/v1/statuses/${anaPosts[0]}/favourite`, readOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: mastodonErrors.outsideScopes });
    expect((await get('/api/v1/timelines/home', readOnly)).statusCode).toBe(200);
    const reblog = await send('POST', `/api/v1/statuses/${anaPosts[0]}/reblog`, ben.token);
    expect(reblog.statusCode).toBe(422);
    expect(reblog.json().error).toMatch(/Boosts/);
  });

  it('context lists the comments as descendants; PUT edits one’s own post only', async () => {
    const target = anaPosts[1] as string;
    const comment = await t().call('POST', `/api/posts/${target}/comments`, {
      token: ben.token,
      body: { commentData: { content: 'Nice pace' } },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const context = await get(`/api/v1/statuses/${target}/context`);
    const { ancestors, descendants } = z.object({ ancestors: statuses, descendants: statuses }).parse(context.json());
    expect(ancestors).toEqual([]);
    expect(descendants).toHaveLength(1);
    expect(descendants[0]).toMatchObject({ in_reply_to_id: target, content: '<p>Nice pace</p>' });

    const edited = await send('PUT', `/api/v1/statuses/${target}`, ana.token, { status: 'Edited run' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(mastodonStatusSchema.parse(edited.json())).toMatchObject({ content: '<p>Edited run</p>' });
    expect(mastodonStatusSchema.parse(edited.json()).edited_at).not.toBeNull();
    expect((await send('PUT', `/api/v1/statuses/${target}`, ben.token, { status: 'Not mine' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/statuses/${target}`, ana.token, { status: '' })).statusCode).toBe(400);
  });

  it('a workout post carries its summary in the content and a card', async () => {
    const workout = await t().call('POST', '/api/workouts', {
      token: ana.token,
      body: {
        workout: {
          title: 'Bench day',
          startedAt: new Date().toISOString(),
          durationSec: 3600,
          exercises: [{ exerciseId: 'barbell-bench-press', sets: [{ weightKg: 100, reps: 5, type: 'normal' }] }],
        },
      },
    });
    expect(workout.statusCode, workout.body).toBe(201);
    const id = await post(ana.token, { content: 'Done', workoutId: workout.json().workout._id });
    const status = mastodonStatusSchema.parse((await get(`/api/v1/statuses/${id}`)).json());
    expect(status.content).toContain('Workout: Bench day');
    expect(status.content).toMatch(/100 kg × 5/);
    expect(status.card?.title).toContain('Bench day');
    expect(status.card?.url).toMatch(/^https:\/\/spotter\.example\/workouts\//);
  });
});

describe('accounts', () => {
  it('statuses, followers and following of a person, with Link paging', async () => {
    const own = statuses.parse(
      (await get(`/api/v1/accounts/${ana.userId}/statuses?limit=2&exclude_replies=true`)).json(),
    );
    expect(own).toHaveLength(2);
    expect(statuses.parse((await get(`/api/v1/accounts/${ana.userId}/statuses?only_media=1`)).json())).toEqual([]);
    const followers = await get(`/api/v1/accounts/${ana.userId}/followers?limit=1`);
    expect(accounts.parse(followers.json()).map((a) => a.username)).toEqual(['read_ben']);
    expect(linkOf(followers.headers.link, 'next')).toBeUndefined();
    const following = accounts.parse((await get(`/api/v1/accounts/${ben.userId}/following`)).json());
    expect(following.map((a) => a.username)).toEqual(['read_ana']);
    expect((await get('/api/v1/accounts/no-such-person/statuses')).statusCode).toBe(404);
  });

  it('lookup by acct and search by name', async () => {
    const found = mastodonAccountSchema.parse(
      (await get('/api/v1/accounts/lookup?acct=read_ana@spotter.example')).json(),
    );
    expect(found.id).toBe(ana.userId);
    expect((await get('/api/v1/accounts/lookup?acct=read_ana@other.example')).statusCode).toBe(404);
    const searched = accounts.parse((await get('/api/v1/accounts/search?q=read_a', ben.token)).json());
    expect(searched.map((a) => a.username)).toContain('read_ana');
  });

  it('update_credentials from a multipart body: bio, website as a field, a preset avatar', async () => {
    const boundary = 'spotterBoundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = `${part('note', 'Runs at dawn')}${part('fields_attributes[0][name]', 'Website')}${part(
      'fields_attributes[0][value]',
      'https://ana.example',
    )}${part('avatar', '/avatars/avatar-2.svg')}--${boundary}--\r\n`;
    const res = await t().app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { ...bearer(ana.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = mastodonCredentialAccountSchema.parse(res.json());
    expect(account.source.note).toBe('Runs at dawn');
    expect(account.fields[0]?.value).toContain('https://ana.example');
    expect(account.avatar).toBe('https://spotter.example/avatars/avatar-2.svg');
    const bad = await send('PATCH', '/api/v1/accounts/update_credentials', ana.token, {
      avatar: 'https://evil.example/x.png',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('block, mute and their undoing answer the Relationship (form booleans and slashes as Mastodon takes them)', async () => {
    const block = await t().app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${ben.userId}/block/`,
      headers: { ...bearer(ana.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'notifications=1',
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(mastodonRelationshipSchema.parse(block.json())).toMatchObject({ id: ben.userId, blocking: true });
    const unblock = await send('POST', `/api/v1/accounts/${ben.userId}/unblock`, ana.token);
    expect(mastodonRelationshipSchema.parse(unblock.json()).blocking).toBe(false);
    const mute = await send('POST', `/api/v1/accounts/${ben.userId}/mute`, ana.token);
    expect(mastodonRelationshipSchema.parse(mute.json()).muting).toBe(true);
    const unmute = await send('POST', `/api/v1/accounts/${ben.userId}/unmute`, ana.token);
    expect(mastodonRelationshipSchema.parse(unmute.json()).muting).toBe(false);
    expect((await send('POST', `/api/v1/accounts/${ana.userId}/block`, ana.token)).statusCode).toBe(400);
    // The block ended Ben's follow: his home answers without Ana's posts, not an error.
    expect((await get('/api/v1/timelines/home', ben.token)).statusCode).toBe(200);
  });
});

describe('what apps call at start', () => {
  it('answers lists, never 404, and the trailing-slash forms', async () => {
    for (const path of [
      '/api/v1/custom_emojis',
      '/api/v1/filters',
      '/api/v2/filters',
      '/api/v1/lists',
      '/api/v1/announcements',
      '/api/v1/trends/statuses',
      '/api/v1/trends/links',
      '/api/v1/followed_tags',
      '/api/v1/conversations',
      '/api/v1/suggestions',
      '/api/v2/suggestions',
    ]) {
      const res = await get(path, ben.token);
      expect(res.statusCode, path).toBe(200);
      expect(Array.isArray(res.json()), path).toBe(true);
    }
    const tags = z.array(mastodonTagSchema).parse((await get('/api/v1/trends/tags')).json());
    expect(tags.map((tag) => tag.name)).toContain('legday');
    const preferences = await get('/api/v1/preferences/', ben.token);
    expect(preferences.json()).toMatchObject({ 'posting:default:visibility': 'public' });
    expect((await get('/api/v1/instance/')).statusCode).toBe(200);
  });
});
