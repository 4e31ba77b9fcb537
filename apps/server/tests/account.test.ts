import { accountExport, notificationStreamPath } from '@spotter/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/create-store';
import type { MediaStore } from '../src/modules/media/store';
import { openEventStream } from './helpers/event-stream';
import { png } from './helpers/media-files';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { countWhere, rowCounts, schemaOf } from './helpers/schema-walk';
import { guest } from './helpers/seed-data';
import { startTestApp, type TestApp } from './helpers/test-app';
import { json, unzip } from './helpers/unzip';
import { upload } from './helpers/upload';

describe.each(['local', 's3'] as const)('the member’s own data, media on the %s store', (storeKind) => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let s3: LocalS3 | undefined;
  /** A second handle on the same folder or bucket: what is checked is what is stored. */
  let store: MediaStore;
  let base: string;
  const password = 'leaving-for-good-1';
  const name = `leaver_${storeKind}`;
  let ana: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let cai: { token: string; userId: string };
  let anaKey: number;
  let mediaKey: string;
  let anaPost: string;
  let bobPost: string;

  const call = (...args: Parameters<TestApp['call']>) => t.call(...args);
  const created = async (res: Awaited<ReturnType<TestApp['call']>>, status = 201) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startLocalS3() : undefined;
    const started = await startTestApp(
      (defaults) => ({
        media: { ...defaults.media, ...(s3 ? { store: s3.store } : {}) },
        rateLimits: { ...defaults.rateLimits, exportsPerUser: { max: 2, windowSeconds: 3600 } },
      }),
      { mediaSweep: false },
    );
    t = started.testApp;
    drop = started.db.drop;
    store = await createMediaStore(t.config.media.store);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });

    ana = await t.signup(name, password);
    bob = await t.signup(`bob_${storeKind}`);
    cai = await t.signup(`cai_${storeKind}`);
    anaKey = (
      await t.db.kysely.selectFrom('users').select('id').where('public_id', '=', ana.userId).executeTakeFirstOrThrow()
    ).id;

    // Ana's own things: a photo post, a post with a tag and a mention, a workout with a custom exercise.
    const media = (await created(await upload(t.app, ana.token, await png(), 'a.png', 'image/png'))).media;
    mediaKey = media.url.slice(media.url.lastIndexOf('/') + 1);
    const minimal = { prefer: 'return=minimal' };
    anaPost = (
      await created(
        await call('POST', '/api/posts', {
          token: ana.token,
          body: { postData: { content: 'Deadlift day', image: media.url } },
          headers: minimal,
        }),
      )
    ).post._id;
    await created(
      await call('POST', '/api/posts', {
        token: ana.token,
        body: { postData: { content: `#leaving hi @bob_${storeKind}` } },
        headers: minimal,
      }),
    );
    const exercise = (
      await created(
        await call('POST', '/api/exercises', {
          token: ana.token,
          body: { exercise: { name: 'Ana Lunge', category: 'strength', measure: 'reps', primaryMuscles: ['glutes'] } },
        }),
      )
    ).exercise._id;
    await created(
      await call('POST', '/api/workouts', {
        token: ana.token,
        body: {
          workout: {
            title: 'Legs',
            startedAt: '2026-11-20T07:00:00Z',
            exercises: [{ exerciseId: exercise, sets: [{ reps: 10 }] }],
          },
        },
      }),
    );
    await created(
      await call('POST', '/api/routines', {
        token: ana.token,
        body: { routine: { title: 'Leg routine', exercises: [{ exerciseId: exercise, sets: [{ reps: 10 }] }] } },
      }),
    );

    // Others' things she touched: Bob's post, liked by her and Cai, commented by her (Bob replies to
    // her) and by Cai; Cai's post, liked then disliked by her; follows both ways.
    bobPost = (
      await created(
        await call('POST', '/api/posts', {
          token: bob.token,
          body: { postData: { content: 'Bench' } },
          headers: minimal,
        }),
      )
    ).post._id;
    const caiPost = (
      await created(
        await call('POST', '/api/posts', {
          token: cai.token,
          body: { postData: { content: 'Row' } },
          headers: minimal,
        }),
      )
    ).post._id;
    await created(await call('POST', `/api/posts/like/${bobPost}`, { token: ana.token }));
    await created(await call('POST', `/api/posts/like/${bobPost}`, { token: cai.token }));
    await created(await call('POST', `/api/posts/like/${caiPost}`, { token: ana.token }));
    await created(await call('POST', `/api/posts/dislike/${caiPost}`, { token: ana.token }));
    await created(await call('POST', `/api/posts/like/${anaPost}`, { token: bob.token }));
    const comment = (
      await created(
        await call('POST', `/api/posts/${bobPost}/comments`, {
          token: ana.token,
          body: { commentData: { content: 'Strong!' } },
        }),
      )
    ).comment._id;
    await created(
      await call('POST', `/api/posts/${bobPost}/comments`, {
        token: bob.token,
        body: { commentData: { content: 'Thanks', replyTo: comment } },
      }),
    );
    await created(
      await call('POST', `/api/posts/${bobPost}/comments`, {
        token: cai.token,
        body: { commentData: { content: 'Nice' } },
      }),
    );
    await created(await call('POST', `/api/users/bookmark/${bobPost}`, { token: ana.token }), 200);
    await created(await call('POST', `/api/users/follow/${bob.userId}`, { token: ana.token }), 200);
    await created(await call('POST', `/api/users/follow/${ana.userId}`, { token: bob.token }), 200);
    await created(await call('POST', `/api/users/follow/${ana.userId}`, { token: cai.token }), 200);
    await created(await call('POST', '/api/test-todos', { token: ana.token, body: { text: 'pack' } }));
    await created(
      await call('POST', '/api/users/me/training-settings', {
        token: ana.token,
        body: { settings: { units: 'lb' } },
      }),
      200,
    );
    await t.app.fanout.idle();
  });

  afterAll(async () => {
    store?.close();
    await t?.app.close();
    await drop?.();
    await s3?.stop();
  });

  describe('account settings', () => {
    it('reads and sets the default visibility of new posts; a bad value is a 400 that changes nothing', async () => {
      const read = async () =>
        (await created(await call('GET', '/api/users/me/settings', { token: bob.token }), 200)).settings;
      expect(await read()).toEqual({ defaultVisibility: 'public', lockedAccount: false });
      const set = (settings: unknown) =>
        call('POST', '/api/users/me/settings', { token: bob.token, body: { settings } });
      expect((await created(await set({ defaultVisibility: 'followers' }), 200)).settings).toEqual({
        defaultVisibility: 'followers',
        lockedAccount: false,
      });
      // A field left out keeps its value (issue 49: the locked account).
      expect((await created(await set({ lockedAccount: true }), 200)).settings).toEqual({
        defaultVisibility: 'followers',
        lockedAccount: true,
      });
      const bad = await set({ defaultVisibility: 'friends' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatch(/^settings\.defaultVisibility: /);
      expect(await read()).toEqual({ defaultVisibility: 'followers', lockedAccount: true });
      const row = await t.db.kysely
        .selectFrom('users')
        .select('default_visibility')
        .where('public_id', '=', bob.userId)
        .executeTakeFirstOrThrow();
      expect(row.default_visibility).toBe('followers');
      expect((await call('GET', '/api/users/me/settings')).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/me/export', () => {
    it('answers a ZIP of everything she made, streamed, with her original media files', async () => {
      const res = await fetch(`${base}/api/users/me/export`, { headers: { authorization: ana.token } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${accountExport.fileName}"`);
      // Written while it is sent: no length is known up front.
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const entries = await unzip(Buffer.from(await res.arrayBuffer()));

      expect([...entries.keys()].sort()).toEqual(
        [...accountExport.files, 'media.json', `${accountExport.mediaFolder}${mediaKey}`].sort(),
      );
      expect(json(entries, 'profile.json')).toMatchObject({
        _id: ana.userId,
        username: name,
        settings: { defaultVisibility: 'public' },
        trainingSettings: { units: 'lb' },
      });
      expect(JSON.stringify(json(entries, 'profile.json'))).not.toMatch(/password|argon2/i);
      const posts = json(entries, 'posts.json');
      expect(posts.map((p: { content: string }) => p.content)).toEqual([
        'Deadlift day',
        `#leaving hi @bob_${storeKind}`,
      ]);
      expect(posts[0]).toMatchObject({ _id: anaPost, likeCount: 1, visibility: 'public' });
      expect(json(entries, 'comments.json')).toEqual([
        expect.objectContaining({ postId: bobPost, parentId: null, content: 'Strong!' }),
      ]);
      expect(json(entries, 'likes.json')).toEqual([expect.objectContaining({ postId: bobPost })]);
      expect(json(entries, 'bookmarks.json')).toEqual([expect.objectContaining({ postId: bobPost })]);
      const follows = json(entries, 'follows.json');
      expect(follows.following.map((f: { _id: string }) => f._id)).toEqual([bob.userId]);
      expect(follows.followers.map((f: { _id: string }) => f._id).sort()).toEqual([bob.userId, cai.userId].sort());
      expect(json(entries, 'workouts.json')).toEqual([expect.objectContaining({ title: 'Legs' })]);
      expect(json(entries, 'routines.json')).toEqual([
        expect.objectContaining({ title: 'Leg routine', exercises: [expect.objectContaining({ name: 'Ana Lunge' })] }),
      ]);
      const csv = entries.get('workouts.csv')?.toString('utf8') ?? '';
      expect(csv.trim().split('\n')).toHaveLength(2);
      expect(csv).toContain('Ana Lunge');
      expect(json(entries, 'media.json')).toEqual([expect.objectContaining({ file: mediaKey, postId: anaPost })]);

      const stored = await store.read(mediaKey);
      const bytes: Buffer[] = [];
      for await (const chunk of stored ?? []) bytes.push(chunk as Buffer);
      expect(entries.get(`${accountExport.mediaFolder}${mediaKey}`)?.equals(Buffer.concat(bytes))).toBe(true);
    });

    it('answers empty lists for a person who made nothing, and is rate-limited', async () => {
      const res = await call('GET', '/api/users/me/export', { token: cai.token });
      expect(res.statusCode).toBe(200);
      const entries = await unzip(res.rawPayload);
      expect(json(entries, 'likes.json')).toEqual([expect.objectContaining({ postId: bobPost })]);
      expect(json(entries, 'workouts.json')).toEqual([]);
      expect(json(entries, 'routines.json')).toEqual([]);
      expect(json(entries, 'follows.json')).toEqual({
        following: [expect.objectContaining({ _id: ana.userId })],
        followers: [],
      });
      expect(await call('GET', '/api/users/me/export', { token: cai.token }).then((r) => r.statusCode)).toBe(200);
      const limited = await call('GET', '/api/users/me/export', { token: cai.token });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await call('GET', '/api/users/me/export')).statusCode).toBe(401);
    });
  });

  describe('POST /api/users/me/delete', () => {
    it('refuses a wrong or missing password with a 4xx and changes nothing', async () => {
      const before = await rowCounts(t.db);
      const wrong = await call('POST', '/api/users/me/delete', {
        token: ana.token,
        body: { password: 'not-it-at-all' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errors: ['The password is not correct: nothing was deleted.'] });
      expect((await call('POST', '/api/users/me/delete', { token: ana.token, body: {} })).statusCode).toBe(400);
      expect((await call('POST', '/api/users/me/delete', { body: { password } })).statusCode).toBe(401);
      expect(await rowCounts(t.db)).toEqual(before);
      expect((await call('GET', '/api/users/me', { token: ana.token })).statusCode).toBe(200);
    });

    it('refuses the demo guest', async () => {
      const { token } = await t.login(guest.username, guest.password);
      const res = await call('POST', '/api/users/me/delete', { token, body: { password: guest.password } });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual(['The demo guest cannot be deleted: sign up for your own account.']);
      expect((await call('GET', '/api/users/me', { token })).statusCode).toBe(200);
    });

    it('erases her and everything she made: no row of any table, no file, no open stream is left', async () => {
      const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: ana.token });
      expect(stream.status).toBe(200);
      await stream.waitFor(/: connected/);
      const publicIds = await ownPublicIds(t, anaKey);
      expect(publicIds.length).toBeGreaterThan(8);

      const res = await call('POST', '/api/users/me/delete', { token: ana.token, body: { password } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: true });

      // Her open notification stream ended.
      await expect(stream.waitFor(/never sent/)).rejects.toThrow(/ended/);

      // Table by table, as the database lists them: no column that names a user names her, and no
      // text column holds the public id of anything she had.
      const { tables, columns, foreignKeys } = await schemaOf(t.db);
      expect(tables).toEqual(expect.arrayContaining(['users', 'posts', 'comments', 'notifications', 'sessions']));
      const userColumns = new Set([
        ...foreignKeys.filter((k) => k.references === 'users').map((k) => `${k.table}.${k.column}`),
        ...columns.filter((c) => !c.text && /(^|_)user_id$/.test(c.name)).map((c) => `${c.table}.${c.name}`),
        'users.id',
      ]);
      expect(userColumns.size).toBeGreaterThan(15);
      for (const column of userColumns) {
        const [table, name] = column.split('.') as [string, string];
        expect(await countWhere(t.db, table, name, anaKey), column).toBe(0);
      }
      for (const column of columns.filter((c) => c.text)) {
        for (const publicId of [ana.userId, ...publicIds]) {
          expect(await countWhere(t.db, column.table, column.name, publicId), `${column.table}.${column.name}`).toBe(0);
        }
      }

      // No file of hers is left in the store.
      const keys: string[] = [];
      for await (const file of store.list()) keys.push(file.key);
      expect(keys).not.toContain(mediaKey);
      expect(await store.read(mediaKey)).toBeUndefined();

      // Others' counters and notifications are as if she had never been there.
      await expectCountersTrue(t);
      const bobCard = (await created(await call('GET', `/api/posts/${bobPost}/card`, { token: bob.token }), 200)).post;
      expect(bobCard).toMatchObject({ likeCount: 1, commentCount: 1 });
      const bobProfile = (await created(await call('GET', `/api/users/profile/bob_${storeKind}`), 200)).profile;
      expect(bobProfile).toMatchObject({ followerCount: 0, followingCount: 0 });
      const notices = (await created(await call('GET', '/api/notifications', { token: bob.token }), 200)).notifications;
      expect(JSON.stringify(notices)).not.toContain(ana.userId);
      expect(notices.filter((n: { type: string }) => n.type === 'follow')).toEqual([]);

      // Her token is dead, her profile gone, her username free.
      expect((await call('GET', '/api/users/me', { token: ana.token })).statusCode).toBe(404);
      expect((await call('GET', `/api/users/profile/${name}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/posts/${anaPost}`)).statusCode).toBe(404);
      await t.signup(name, 'a-new-person-here');
    });
  });
});

/** The public ids of every row she owns or made (posts, comments, uploads, sessions, notifications...). */
async function ownPublicIds(t: TestApp, userKey: number): Promise<string[]> {
  const { columns, foreignKeys } = await schemaOf(t.db);
  const ids: string[] = [];
  for (const key of foreignKeys.filter((k) => k.references === 'users')) {
    const hasPublicId = columns.some((c) => c.table === key.table && c.name === 'public_id');
    if (!hasPublicId) continue;
    const { rows } = await sql<{ public_id: string }>`select public_id from ${sql.table(key.table)}
      where ${sql.ref(key.column)} = ${userKey}`.execute(t.db.kysely);
    ids.push(...rows.map((r) => r.public_id));
  }
  // Workouts and custom exercises are named by their text id.
  for (const table of ['workouts', 'exercises'] as const) {
    const column = table === 'workouts' ? 'user_id' : 'owner_id';
    const { rows } = await sql<{
      id: string;
    }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${userKey}`.execute(t.db.kysely);
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Every stored counter equals the rows it counts, and no notification is left without an actor. */
async function expectCountersTrue(t: TestApp) {
  const { rows: posts } = await sql<{ n: number | string }>`select count(*) as n from posts p
    where p.like_count <> (select count(*) from likes l where l.post_id = p.id)
       or p.comment_count <> (select count(*) from comments c where c.post_id = p.id)`.execute(t.db.kysely);
  expect(Number(posts[0]?.n)).toBe(0);
  const { rows: users } = await sql<{ n: number | string }>`select count(*) as n from users u
    where u.follower_count <> (select count(*) from follows f where f.followee_id = u.id)
       or u.following_count <> (select count(*) from follows f where f.follower_id = u.id)
       or u.post_count <> (select count(*) from posts p where p.author_id = u.id)`.execute(t.db.kysely);
  expect(Number(users[0]?.n)).toBe(0);
  const { rows: notifications } = await sql<{ n: number | string }>`select count(*) as n from notifications n
    where n.actor_count <> (select count(*) from notification_actors a where a.notification_id = n.id)`.execute(
    t.db.kysely,
  );
  expect(Number(notifications[0]?.n)).toBe(0);
}
