import { mastodonErrors } from '@spotter/contract';
import { mastodonStatusSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runAdminCommand } from '../src/admin-cli';
import { png } from './helpers/media-files';
import { generousRateLimits, useTestApp } from './helpers/test-app';

// The live half of the client API (issue 50, docs/client-api.md): media, notifications, markers,
// search, streaming and the budgets, as Mastodon's apps call them.
const t = useTestApp({ publicOrigin: 'http://spotter.test' });

let base: string;
beforeAll(async () => {
  base = await t().app.listen({ host: '127.0.0.1', port: 0 });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const api = (method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  t().app.inject({
    method: method as 'GET',
    url,
    headers: { ...auth(token), ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

async function upload(token: string, file: Buffer, version = 'v2') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'photo.png');
  return fetch(`${base}/api/${version}/media`, { method: 'POST', headers: auth(token), body });
}

/** A token holding only `read`, through the out-of-band flow an app would take. */
async function readOnlyToken(spotterToken: string) {
  const app = (
    await t().call('POST', '/api/v1/apps', {
      body: { client_name: 'Reader', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read' },
    })
  ).json();
  const consent = await t().call('POST', '/api/oauth/authorization', {
    token: spotterToken,
    body: { client_id: app.client_id, redirect_uri: 'urn:ietf:wg:oauth:2.0:oob', scope: 'read' },
  });
  const token = await t().call('POST', '/oauth/token', {
    body: {
      grant_type: 'authorization_code',
      code: consent.json().code,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      client_id: app.client_id,
      client_secret: app.client_secret,
    },
  });
  return token.json().access_token as string;
}

let ana: { token: string; userId: string };
let ben: { token: string; userId: string };
beforeAll(async () => {
  ana = await t().signup('live_ana');
  ben = await t().signup('live_ben');
});

describe('media', () => {
  it('uploads through the media lane, takes alt text, and a status shows it; a retry with its Idempotency-Key makes one status', async () => {
    const res = await upload(ana.token, await png());
    expect(res.status).toBe(200);
    const media = (await res.json()) as { id: string; url: string };
    expect(media).toMatchObject({ type: 'image', description: null, meta: { original: { width: 320, height: 200 } } });
    expect(media.url).toMatch(/^http:\/\/spotter\.test\/media\/.+\.webp$/);

    const described = await api('PUT', `/api/v1/media/${media.id}`, ana.token, { description: 'A blue square' });
    expect(described.json().description).toBe('A blue square');
    expect((await api('GET', `/api/v1/media/${media.id}`, ana.token)).json().description).toBe('A blue square');
    expect((await api('GET', `/api/v1/media/${media.id}`, ben.token)).statusCode).toBe(404);

    const form = `status=${encodeURIComponent('Leg day')}&media_ids[]=${media.id}`;
    const post = () =>
      api('POST', '/api/v1/statuses', ana.token, form, {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'live-post-1',
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    const status = mastodonStatusSchema.parse(first.json());
    expect(status.media_attachments).toEqual([
      expect.objectContaining({ type: 'image', url: media.url, description: 'A blue square' }),
    ]);
    const again = await post();
    expect(again.json().id).toBe(status.id);
    const made = await t().db.kysely.selectFrom('posts').select('public_id').where('content', '=', 'Leg day').execute();
    expect(made).toHaveLength(1);

    // Shown by a status now: neither another status nor a new description may take it.
    const reuse = await api('POST', '/api/v1/statuses', ana.token, { status: 'again', media_ids: [media.id] });
    expect(reuse.statusCode).toBe(422);
    expect((await api('PUT', `/api/v1/media/${media.id}`, ana.token, { description: 'x' })).statusCode).toBe(404);
    const theirs = await api('POST', '/api/v1/statuses', ben.token, { status: 'stolen', media_ids: [media.id] });
    expect(theirs.statusCode).toBe(422);
  });

  it('takes the alt text as `description` in the upload form, before or after the file, or as a JSON part', async () => {
    const form = (parts: [string, string | Blob][]) => {
      const body = new FormData();
      for (const [name, value] of parts) body.append(name, value);
      return body;
    };
    const file = new Blob([new Uint8Array(await png())], { type: 'image/png' });
    const send = (version: string, body: FormData) =>
      fetch(`${base}/api/${version}/media`, { method: 'POST', headers: auth(ana.token), body });

    const after = await send(
      'v2',
      form([
        ['file', file],
        ['description', 'A bar, loaded'],
      ]),
    );
    expect(after.status).toBe(200);
    const made = (await after.json()) as { id: string; description: string | null };
    expect(made.description).toBe('A bar, loaded');
    expect((await api('GET', `/api/v1/media/${made.id}`, ana.token)).json().description).toBe('A bar, loaded');
    const before = await send(
      'v1',
      form([
        ['description', 'Chalk on the bar'],
        ['file', file],
      ]),
    );
    expect(((await before.json()) as { description: string }).description).toBe('Chalk on the bar');
    // A field sent as JSON (a part of type application/json without a file name), as some libraries do.
    const boundary = 'spotter-test-boundary';
    const typed = await fetch(`${base}/api/v2/media`, {
      method: 'POST',
      headers: { ...auth(ana.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`,
        ),
        await png(),
        Buffer.from(
          `\r\n--${boundary}\r\ncontent-disposition: form-data; name="description"\r\ncontent-type: application/json\r\n\r\n"The rack"\r\n--${boundary}--\r\n`,
        ),
      ]),
    });
    expect(((await typed.json()) as { description: string }).description).toBe('The rack');
    const blank = await send(
      'v2',
      form([
        ['file', file],
        ['description', '  '],
      ]),
    );
    expect(((await blank.json()) as { description: string | null }).description).toBeNull();

    // A status shows it as the photo's alt text.
    const posted = await api('POST', '/api/v1/statuses', ana.token, { status: 'Bar', media_ids: [made.id] });
    expect(mastodonStatusSchema.parse(posted.json()).media_attachments[0]?.description).toBe('A bar, loaded');

    // Too long: refused in Mastodon's shape, and nothing is stored.
    const count = async () =>
      Number(
        (
          await t()
            .db.kysely.selectFrom('media')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stored = await count();
    const long = await send(
      'v2',
      form([
        ['file', file],
        ['description', 'x'.repeat(1001)],
      ]),
    );
    expect(long.status).toBe(422);
    expect(Object.keys((await long.json()) as object)).toEqual(['error']);
    expect(await count()).toBe(stored);
  });

  it('refuses an upload without write:media, or that is not a picture, in Mastodon shape', async () => {
    const reader = await readOnlyToken(ana.token);
    const denied = await upload(reader, await png(), 'v1');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: mastodonErrors.outsideScopes });
    const text = await upload(ana.token, Buffer.from('not a picture at all'.repeat(300)));
    expect(text.status).toBe(415);
    expect(Object.keys((await text.json()) as object)).toEqual(['error']);
  });
});

describe('notifications and markers', () => {
  it("lists Spotter's notifications as Mastodon's, filters, pages by Link, groups in v2, dismisses and clears", async () => {
    const cara = await t().signup('live_cara');
    const post = await api('POST', '/api/v1/statuses', cara.token, { status: 'Deadlift PR' });
    const postId = post.json().id as string;
    await t().call('POST', `/api/users/follow/${cara.userId}`, { token: ana.token });
    await t().call('POST', `/api/posts/like/${postId}`, { token: ana.token });
    await t().call('POST', `/api/posts/like/${postId}`, { token: ben.token });
    await t().call('POST', `/api/posts/${postId}/comments`, {
      token: ben.token,
      body: { commentData: { content: 'Strong!' } },
    });

    const all = await api('GET', '/api/v1/notifications', cara.token);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json() as { id: string; type: string; account: { username: string }; status?: { id: string } }[];
    expect(list.map((n) => n.type)).toEqual(['mention', 'favourite', 'follow']);
    expect(list[0]).toMatchObject({ account: { username: 'live_ben' }, status: { id: postId } });
    expect(list[1]).toMatchObject({ account: { username: 'live_ben' }, status: { id: postId } });
    expect(list[2]).toMatchObject({ account: { username: 'live_ana' } });
    expect(list[2]?.status).toBeUndefined();

    const follows = await api('GET', '/api/v1/notifications?types[]=follow', cara.token);
    expect(follows.json().map((n: { type: string }) => n.type)).toEqual(['follow']);
    const noMentions = await api('GET', '/api/v1/notifications?exclude_types[]=mention', cara.token);
    expect(noMentions.json().map((n: { type: string }) => n.type)).toEqual(['favourite', 'follow']);

    // Paging as apps follow it: the Link header's next.
    const page1 = await api('GET', '/api/v1/notifications?limit=2', cara.token);
    expect(page1.json()).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(page1.headers.link))?.[1];
    expect(next).toContain(`max_id=${list[1]?.id}`);
    const page2 = await api('GET', new URL(next ?? '').pathname + new URL(next ?? '').search, cara.token);
    expect(page2.json().map((n: { id: string }) => n.id)).toEqual([list[2]?.id]);

    const grouped = await api('GET', '/api/v2/notifications', cara.token);
    const likes = grouped.json().notification_groups.find((g: { type: string }) => g.type === 'favourite');
    expect(likes).toMatchObject({ notifications_count: 2, status_id: postId });
    expect(likes.sample_account_ids).toHaveLength(2);
    expect(
      grouped
        .json()
        .accounts.map((a: { username: string }) => a.username)
        .sort(),
    ).toEqual(['live_ana', 'live_ben']);

    expect((await api('GET', `/api/v1/notifications/${list[2]?.id}`, cara.token)).json().type).toBe('follow');
    expect((await api('GET', `/api/v1/notifications/${list[2]?.id}`, ana.token)).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/notifications/${list[2]?.id}/dismiss`, cara.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/notifications', cara.token)).json()).toHaveLength(2);
    expect((await api('POST', '/api/v1/notifications/clear', cara.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/notifications', cara.token)).json()).toEqual([]);
    const unread = await t().call('GET', '/api/notifications/unread-count', { token: cara.token });
    expect(unread.json().unreadCount).toBe(0);
  });

  it('keeps the read position of each timeline, from a form or JSON', async () => {
    expect((await api('GET', '/api/v1/markers?timeline[]=home', ana.token)).json()).toEqual({});
    const saved = await api('POST', '/api/v1/markers', ana.token, 'home[last_read_id]=abc', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(saved.json().home).toMatchObject({ last_read_id: 'abc', version: 1 });
    await api('POST', '/api/v1/markers', ana.token, {
      home: { last_read_id: 'def' },
      notifications: { last_read_id: 'n1' },
    });
    const both = await api('GET', '/api/v1/markers?timeline[]=home&timeline[]=notifications', ana.token);
    expect(both.json()).toMatchObject({
      home: { last_read_id: 'def', version: 2 },
      notifications: { last_read_id: 'n1', version: 1 },
    });
    expect((await api('POST', '/api/v1/markers', ana.token, {})).statusCode).toBe(422);
  });
});

describe('search', () => {
  it('finds accounts, hashtags and statuses as Spotter searches them', async () => {
    await api('POST', '/api/v1/statuses', ben.token, { status: 'Zottman curls #zottman' });
    const res = await api('GET', '/api/v2/search?q=zottman&resolve=true', ana.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statuses.map((s: { content: string }) => s.content)).toEqual(['<p>Zottman curls #zottman</p>']);
    expect(res.json().hashtags).toEqual([expect.objectContaining({ name: 'zottman' })]);
    const people = await api('GET', '/api/v2/search?q=live_be&type=accounts', ana.token);
    expect(people.json()).toMatchObject({ accounts: [{ username: 'live_ben' }], statuses: [], hashtags: [] });
    expect((await api('GET', '/api/v2/search?q=x&type=people', ana.token)).statusCode).toBe(422);
  });
});

describe('streaming', () => {
  const open = (query: string, protocols?: string[]) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/streaming?${query}`, protocols);
    const messages: { stream: string[]; event: string; payload: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const waitFor = async (wanted: (m: (typeof messages)[number]) => boolean) => {
      for (;;) {
        const found = messages.find(wanted);
        if (found) return found;
        await new Promise((resolve) => socket.once('message', resolve));
      }
    };
    const next = (event: string, stream?: string) =>
      waitFor((m) => m.event === event && (!stream || m.stream[0] === stream));
    return { socket, opened, next, waitFor, messages };
  };

  it('answers its health check and refuses an opening without a token', async () => {
    const health = await fetch(`${base}/api/v1/streaming/health`);
    expect(await health.text()).toBe('OK');
    const refused = open('stream=user');
    await expect(refused.opened).rejects.toThrow(/401/);
  });

  it("sends the person's notifications and public posts, with the payload a JSON string, and ends with the session", async () => {
    const dana = await t().signup('live_dana');
    const user = open(`stream=user&access_token=${encodeURIComponent(dana.token)}`);
    await user.opened;
    const pub = open('stream=public', [ana.token]);
    await pub.opened;
    pub.socket.send(JSON.stringify({ type: 'subscribe', stream: 'hashtag', tag: 'Rowing' }));
    // Messages are read in order: once this one's error comes back, the subscription above holds.
    pub.socket.send('not json');
    await pub.next('error');

    await t().call('POST', `/api/users/follow/${dana.userId}`, { token: ben.token });
    const told = await user.next('notification');
    expect(told.stream).toEqual(['user']);
    expect(JSON.parse(told.payload)).toMatchObject({ type: 'follow', account: { username: 'live_ben' } });

    const posted = await api('POST', '/api/v1/statuses', ben.token, { status: 'Morning #rowing' });
    const update = await pub.next('update', 'public');
    expect(JSON.parse(update.payload).id).toBe(posted.json().id);
    const tagged = await pub.next('update', 'hashtag');
    expect(tagged.stream).toEqual(['hashtag', 'rowing']);
    expect(typeof tagged.payload).toBe('string');

    const closed = new Promise((resolve) => user.socket.once('close', resolve));
    await t().call('POST', '/api/users/me/sessions/revoke-all', { token: dana.token });
    await closed;
    pub.socket.close();
  });
});

describe('streaming deletions', () => {
  it('sends `delete` with the status id on the streams that showed the status: deleted by its author, removed by a moderator, erased with its author', async () => {
    const fay = await t().signup('live_fay', 'live-fay-password');
    const gil = await t().signup('live_gil');
    const mod = await t().signup('live_mod');
    await runAdminCommand(t().db, t().config, ['grant', 'live_mod']);
    await t().call('POST', `/api/users/follow/${fay.userId}`, { token: gil.token });
    const socket = (query: string, token: string) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/streaming?${query}`, [token]);
      const messages: { stream: string[]; event: string; payload: string }[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      const opened = new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const deleteOf = async (id: string, stream: string) => {
        for (;;) {
          const found = messages.find((m) => m.event === 'delete' && m.payload === id && m.stream[0] === stream);
          if (found) return found;
          await new Promise((resolve) => socket.once('message', resolve));
        }
      };
      return { socket, opened, deleteOf, messages };
    };
    const home = socket('stream=user', gil.token);
    const pub = socket('stream=public', ana.token);
    await Promise.all([home.opened, pub.opened]);
    pub.socket.send(JSON.stringify({ type: 'subscribe', stream: 'hashtag', tag: 'deadlift' }));
    // Messages are read in order: once this one's error comes back, the subscription above holds.
    pub.socket.send('not json');
    await new Promise((resolve) => pub.socket.once('message', resolve));

    const status = async (text: string, visibility = 'public') => {
      const res = await api('POST', '/api/v1/statuses', fay.token, { status: text, visibility });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    const shown = await status('Pulled 200 #deadlift');
    const followersOnly = await status('Only for you', 'private');
    expect((await api('DELETE', `/api/v1/statuses/${followersOnly}`, fay.token)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/v1/statuses/${shown}`, fay.token)).statusCode).toBe(200);
    // The payload is the id itself, not a JSON string of it, as Mastodon sends it.
    expect(await pub.deleteOf(shown, 'public')).toEqual({ stream: ['public'], event: 'delete', payload: shown });
    expect((await pub.deleteOf(shown, 'hashtag')).stream).toEqual(['hashtag', 'deadlift']);
    await home.deleteOf(followersOnly, 'user');
    await home.deleteOf(shown, 'user');
    // A followers-only status was never on the public streams (its deletion came first, in order).
    expect(pub.messages.filter((m) => m.payload === followersOnly)).toEqual([]);

    const reported = await status('Spam #deadlift');
    await t().call('POST', '/api/reports', {
      token: gil.token,
      body: { report: { postId: reported, reason: 'spam' } },
    });
    const cases = (await t().call('GET', '/api/admin/reports?limit=100', { token: mod.token })).json().reports as {
      _id: string;
      target: { _id: string };
    }[];
    const open = cases.find((c) => c.target._id === reported);
    const resolved = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, {
      token: mod.token,
      body: { action: 'remove_content' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await pub.deleteOf(reported, 'public');
    await pub.deleteOf(reported, 'hashtag');
    await home.deleteOf(reported, 'user');

    const last = await status('Last lift');
    const erased = await t().call('POST', '/api/users/me/delete', {
      token: fay.token,
      body: { password: 'live-fay-password' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await pub.deleteOf(last, 'public');
    await home.deleteOf(last, 'user');
    // Only the streams that showed it: no hashtag stream for a status without the tag (anything sent
    // for it came before the answer to a message sent now).
    const errors = () => pub.messages.filter((m) => m.event === 'error').length;
    const seen = errors();
    pub.socket.send('not json');
    while (errors() === seen) await new Promise((resolve) => pub.socket.once('message', resolve));
    expect(pub.messages.filter((m) => m.payload === last).map((m) => m.stream[0])).toEqual(['public']);
    home.socket.close();
    pub.socket.close();
  });
});

describe('budgets', () => {
  const limited = useTestApp({ rateLimits: { ...generousRateLimits, readsPerUser: { max: 2, windowSeconds: 60 } } });

  it("spends Spotter's read budget and answers 429 in Mastodon's shape", async () => {
    const eve = await limited().signup('live_eve');
    const read = () => limited().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: auth(eve.token) });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const refused = await read();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests' });
    expect(refused.headers['retry-after']).toBeDefined();
    // Spotter's own API keeps its shape, and shares the same budget.
    const own = await limited().call('GET', '/api/notifications/unread-count', { token: eve.token });
    expect(own.statusCode).toBe(429);
    expect(own.json()).toHaveProperty('errors');
  });
});
