import { apiErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { newPostId, signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Issue 47, item 5: a resolution takes a reason (a report reason; "other" with the moderator's
 * words; none given: the case's most reported one), kept in the audit log; the author of removed
 * content is told why; a suspended person's login says why and since when beside the spec's
 * sentence, and they may appeal once per suspension, to the moderators' queue.
 */
const t = useTestApp();
const password = 'correct horse battery';

let mod: Person;
let reader: Person;
let author: Person;
let troll: Person;
let brief: Person;

const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const post = (url: string, token: string | undefined, body?: unknown) =>
  t().call('POST', url, { ...(token ? { token } : {}), body });

/** Reports the target as the reader (with `reason`) and answers the open case's id. */
async function openCase(target: Record<string, string>, reason: string): Promise<string> {
  const filed = await post('/api/reports', reader.token, { report: { ...target, reason } });
  expect(filed.statusCode, filed.body).toBe(201);
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const found = queue.find((c) => c.target._id === Object.values(target)[0]);
  expect(found).toBeDefined();
  return found?._id as string;
}
const resolve = (caseId: string, body: unknown) => post(`/api/admin/reports/${caseId}/resolve`, mod.token, body);
const latestAudit = async () => (await get('/api/admin/audit?limit=1', mod.token)).json().entries[0];
const notificationsOf = async (person: Person) => (await get('/api/notifications', person.token)).json().notifications;
const appeal = (message: string, pass = password) =>
  post('/api/auth/appeal', undefined, { username: troll.username, password: pass, message });

beforeAll(async () => {
  mod = await signUpPerson(t(), 'rsn_mod');
  reader = await signUpPerson(t(), 'rsn_reader');
  author = await signUpPerson(t(), 'rsn_author');
  troll = await signUpPerson(t(), 'rsn_troll');
  brief = await signUpPerson(t(), 'rsn_brief');
  await runAdminCommand(t().db, t().config, ['grant', 'rsn_mod']);
});

describe('removing content with a reason', () => {
  it('refuses "other" without the moderator’s words, then removes, audits the reason and tells the author why', async () => {
    const postId = await newPostId(t(), author.token, 'You are all weaklings');
    const caseId = await openCase({ postId }, 'spam');

    const bare = await resolve(caseId, { action: 'remove_content', reason: 'other' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([apiErrors.reasonNeedsNote]);
    const unknown = await resolve(caseId, { action: 'remove_content', reason: 'rude' });
    expect(unknown.statusCode).toBe(400);
    expect((await get(`/api/posts/${postId}`, reader.token)).statusCode).toBe(200); // nothing changed

    const res = await resolve(caseId, { action: 'remove_content', reason: 'harassment', note: 'Name-calling.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestAudit()).toMatchObject({
      action: 'remove_content',
      reason: 'harassment',
      note: 'Name-calling.',
      subject: { username: author.username },
      target: { type: 'post', _id: postId },
    });

    const [told] = await notificationsOf(author);
    expect(told).toMatchObject({
      type: 'content_removed',
      actors: [],
      report: { action: 'remove_content', targetType: 'post', reason: 'harassment', note: 'Name-calling.' },
      read: false,
    });
    expect(told.post).toBeUndefined();
    expect((await get('/api/notifications/unread-count', author.token)).json().unreadCount).toBe(1);
    // The reporter hears the outcome, not the moderator's words to the author.
    const [outcome] = await notificationsOf(reader);
    expect(outcome.type).toBe('report');
    expect(outcome.report).toEqual({ action: 'remove_content', targetType: 'post' });
  });
});

describe('a suspension and its appeal', () => {
  it('takes the case’s most reported reason when none is given; the login says why beside the spec’s sentence', async () => {
    const caseId = await openCase({ userId: troll.userId }, 'violence');
    expect((await resolve(caseId, { action: 'suspend_user' })).statusCode).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'suspend_user', reason: 'violence', note: '' });

    const login = await post('/api/auth/login', undefined, { username: troll.username, password });
    expect(login.statusCode).toBe(403);
    const body = login.json();
    expect(body.errors).toEqual([apiErrors.accountSuspended]);
    expect(body.suspension).toMatchObject({ reason: 'violence', note: '', until: null, appealed: false });
    expect(Number.isNaN(Date.parse(body.suspension.since))).toBe(false);
    // A wrong password learns nothing of the suspension.
    const wrong = await post('/api/auth/login', undefined, { username: troll.username, password: 'nope nope' });
    expect(wrong.json().suspension).toBeUndefined();
  });

  it('takes one appeal per suspension, with the password, into the moderators’ queue', async () => {
    const wrong = await appeal('Please', 'not my password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual([apiErrors.invalidCredentials]);
    const notSuspended = await post('/api/auth/appeal', undefined, {
      username: reader.username,
      password,
      message: 'Hi',
    });
    expect(notSuspended.statusCode).toBe(400);
    expect(notSuspended.json().errors).toEqual([apiErrors.notSuspended]);
    expect((await appeal('   ')).statusCode).toBe(400);
    expect((await get('/api/admin/appeals', mod.token)).json().appeals).toEqual([]);

    const sent = await appeal('It was a joke between friends.');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().appeal.message).toBe('It was a joke between friends.');
    const again = await appeal('Please read my appeal');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([apiErrors.appealAlreadySent]);
    const login = await post('/api/auth/login', undefined, { username: troll.username, password });
    expect(login.json().suspension.appealed).toBe(true);

    expect((await get('/api/admin/appeals', reader.token)).statusCode).toBe(403);
    const queue = (await get('/api/admin/appeals', mod.token)).json();
    expect(queue.appeals).toHaveLength(1);
    expect(queue.appeals[0]).toMatchObject({
      message: 'It was a joke between friends.',
      user: { username: troll.username },
      suspension: { reason: 'violence', note: '' },
    });

    // Lifting the suspension answers the appeal: it leaves the queue.
    expect((await post(`/api/admin/users/${troll.userId}/unsuspend`, mod.token)).statusCode).toBe(200);
    expect((await get('/api/admin/appeals', mod.token)).json().appeals).toEqual([]);
  });
});

describe('a suspension with an end (decision 099)', () => {
  const login = (person: Person) => post('/api/auth/login', undefined, { username: person.username, password });
  const profile = () => get(`/api/users/profile/${brief.username}`, reader.token);
  const followerCount = async () =>
    (await get(`/api/users/profile/${reader.username}`, reader.token)).json().profile.followerCount;

  it('refuses days for another action or out of range, then lasts the days chosen, said at login and in the audit', async () => {
    const followed = await post(`/api/users/follow/${reader.userId}`, brief.token);
    expect(followed.statusCode, followed.body).toBeLessThan(300);
    expect(await followerCount()).toBe(1);
    const caseId = await openCase({ userId: brief.userId }, 'spam');
    for (const body of [
      { action: 'dismiss', suspendDays: 7 },
      { action: 'suspend_user', suspendDays: 0 },
      { action: 'suspend_user', suspendDays: 1.5 },
      { action: 'suspend_user', suspendDays: 366 },
    ]) {
      const refused = await resolve(caseId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await resolve(caseId, { action: 'dismiss', suspendDays: 7 })).json().errors).toEqual([
      apiErrors.suspendDaysOnlyForSuspension,
    ]);
    expect((await profile()).statusCode).toBe(200); // nothing changed

    expect((await resolve(caseId, { action: 'suspend_user', suspendDays: 7 })).statusCode).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'suspend_user', reason: 'spam', suspendDays: 7 });
    const refused = await login(brief);
    expect(refused.statusCode).toBe(403);
    const { since, until } = refused.json().suspension;
    expect(Date.parse(until) - Date.parse(since)).toBe(7 * 24 * 3600_000);
    expect((await profile()).statusCode).toBe(404);
    expect(await followerCount()).toBe(0);
  });

  it('ends by itself once its time has passed: the person logs in and is seen and counted again', async () => {
    // The week passes: its end is moved into the past rather than waited for.
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', brief.username)
      .execute();
    const appealed = await post('/api/auth/appeal', undefined, { username: brief.username, password, message: 'Hi' });
    expect(appealed.statusCode).toBe(400);
    expect(appealed.json().errors).toEqual([apiErrors.notSuspended]);
    expect((await login(brief)).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    expect(await followerCount()).toBe(1);
  });
});
