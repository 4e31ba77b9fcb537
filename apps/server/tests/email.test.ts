import { apiErrors, emailErrors, guestCredentials } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPostId } from './helpers/people';
import { linkIn, type SmtpInbox, startSmtpInbox, tokenOf } from './helpers/smtp-inbox';
import { type Person, useTestApp } from './helpers/test-app';
import { json, unzip } from './helpers/unzip';

/**
 * Email, optional and verified, and "Forgot password?" (issue 45), through a real SMTP server running
 * in this test: each mail is read back and its link followed, as its reader would.
 */
const publicOrigin = 'https://spotter.example';
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());
const t = useTestApp(() => ({
  publicOrigin,
  mail: { smtpUrl: inbox.url, from: 'Spotter <no-reply@spotter.example>' },
}));

const password = 'correct horse battery';
const setEmail = (token: string, email: unknown) => t().call('POST', '/api/users/me/email', { token, body: { email } });
const verify = (token: string) => t().call('POST', '/api/auth/verify-email', { body: { token } });
const forgot = (username: string) => t().call('POST', '/api/auth/forgot-password', { body: { username } });
/** Every mail queued so far has reached the SMTP server (or failed). */
const sent = () => t().app.mail?.idle();

async function person(username: string): Promise<Person> {
  return { ...(await t().signup(username, password)), username };
}

/** Adds an address, opens the mailed link and verifies it; answers the mail. */
async function verifiedEmail(who: Person, address: string) {
  expect((await setEmail(who.token, address)).statusCode).toBe(202);
  await sent();
  const mail = inbox.to(address).at(-1);
  if (!mail) throw new Error(`no mail reached ${address}`);
  const res = await verify(tokenOf(linkIn(mail)));
  expect(res.statusCode, res.body).toBe(200);
  return mail;
}

describe('GET /api/capabilities', () => {
  it('says email is on when SMTP_URL is set, to anyone', async () => {
    const res = await t().call('GET', '/api/capabilities');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: true, federation: false });
  });
});

describe('adding an email', () => {
  it('mails a link to the address (202); the link verifies it once, and only a hash of its token is stored', async () => {
    const ada = await person('ada_mail');
    const res = await setEmail(ada.token, ' ada@example.org ');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ email: { address: null, pending: 'ada@example.org' } });
    await sent();
    const [mail] = inbox.to('ada@example.org');
    expect(mail?.from).toBe('Spotter <no-reply@spotter.example>');
    expect(mail?.subject).toBe('Verify your email for Spotter');
    const link = linkIn(mail as NonNullable<typeof mail>);
    expect(link).toMatch(/^https:\/\/spotter\.example\/verify-email#token=[\w-]{43}$/);
    const token = tokenOf(link);
    const stored = await t().db.kysely.selectFrom('account_emails').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Not verified yet: it is waiting, and the user object says so.
    expect((await t().call('GET', '/api/users/me/email', { token: ada.token })).json()).toEqual({
      email: { address: null, pending: 'ada@example.org' },
    });
    const done = await verify(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: { address: 'ada@example.org', pending: null } });
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: [emailErrors.verifyLinkInvalid] });
    expect((await t().call('GET', '/api/users/me/email', { token: ada.token })).json()).toEqual({
      email: { address: 'ada@example.org', pending: null },
    });
  });

  it('keeps the verified address until a new one is verified; only the newest link works', async () => {
    const bo = await person('bo_mail');
    await verifiedEmail(bo, 'bo@example.org');
    await setEmail(bo.token, 'bo.first.typo@example.org');
    await setEmail(bo.token, 'bo.new@example.org');
    await sent();
    expect((await t().call('GET', '/api/users/me/email', { token: bo.token })).json()).toEqual({
      email: { address: 'bo@example.org', pending: 'bo.new@example.org' },
    });
    const replaced = tokenOf(linkIn(inbox.to('bo.first.typo@example.org')[0] as never));
    expect((await verify(replaced)).statusCode).toBe(400);
    const newest = tokenOf(linkIn(inbox.to('bo.new@example.org')[0] as never));
    expect((await verify(newest)).json()).toEqual({ email: { address: 'bo.new@example.org', pending: null } });
  });

  it('refuses what is not an address (400, nothing changed), an unknown or expired token, and no token', async () => {
    const cy = await person('cy_mail');
    for (const bad of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.org`, 42, null]) {
      const res = await setEmail(cy.token, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0]).toMatch(/^email: /);
    }
    expect((await t().call('POST', '/api/users/me/email', { token: cy.token, body: {} })).statusCode).toBe(400);
    expect((await t().call('GET', '/api/users/me/email', { token: cy.token })).json()).toEqual({
      email: { address: null, pending: null },
    });
    expect((await setEmail('', 'cy@example.org')).statusCode).toBe(401);
    expect((await verify('no-such-token')).statusCode).toBe(400);
    expect((await t().call('POST', '/api/auth/verify-email', { body: {} })).statusCode).toBe(400);

    await setEmail(cy.token, 'cy@example.org');
    await sent();
    await t().db.kysely.updateTable('account_emails').set({ token_expires_at: '2020-01-01T00:00:00.000Z' }).execute();
    const expired = await verify(tokenOf(linkIn(inbox.to('cy@example.org')[0] as never)));
    expect(expired.json()).toEqual({ errors: [emailErrors.verifyLinkInvalid] });
  });

  it('is not for the demo guest (403): its account is everyone’s', async () => {
    const guest = await t().login(guestCredentials.username, guestCredentials.password);
    const res = await setEmail(guest.token, 'guest@example.org');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [emailErrors.demoGuestEmail] });
    await sent();
    expect(inbox.to('guest@example.org')).toEqual([]);
  });
});

describe('who sees an email', () => {
  it('only its owner, in their own user object and export; nobody else in any answer that carries a user', async () => {
    const dee = await person('dee_private');
    const eve = await person('eve_viewer');
    const address = 'dee.secret@example.org';
    await verifiedEmail(dee, address);
    const call = t().call;
    // Dee and Eve are connected every way a user can show up in another's answer.
    const follow = await call('POST', `/api/users/follow/${dee.userId}`, { token: eve.token });
    const followBack = await call('POST', `/api/users/follow/${eve.userId}`, { token: dee.token });
    const postId = await newPostId(t(), dee.token, 'hi @eve_viewer');
    await call('POST', `/api/posts/like/${postId}`, { token: eve.token });
    await call('POST', `/api/posts/${postId}/comments`, { token: dee.token, body: { commentData: { content: 'me' } } });

    const othersAnswers = [
      follow,
      ...(await Promise.all(
        [
          '/api/users',
          `/api/users/${dee.userId}`,
          '/api/users/profile/dee_private',
          '/api/users/search?q=dee',
          '/api/users/suggestions',
          '/api/posts',
          `/api/posts/${postId}`,
          `/api/posts/${postId}/card`,
          `/api/posts/${postId}/comments`,
          '/api/posts/user/dee_private',
          '/api/feed',
          '/api/users/dee_private/followers',
          '/api/users/dee_private/following',
          '/api/notifications',
          '/api/users/me',
        ].flatMap((url) => [call('GET', url, { token: eve.token }), call('GET', url)]),
      )),
    ];
    for (const res of othersAnswers) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.body).not.toContain(address);
    }

    // Her own objects carry it: login, her user, the list, a follow answer's `user`, and her export.
    const own = { address, pending: null };
    const login = await call('POST', '/api/auth/login', { body: { username: 'dee_private', password } });
    expect(login.json().foundUser.email).toEqual(own);
    expect((await call('GET', `/api/users/${dee.userId}`, { token: dee.token })).json().user.email).toEqual(own);
    const list = (await call('GET', '/api/users', { token: dee.token })).json().users as { _id: string }[];
    expect(list.filter((u) => 'email' in u).map((u) => u._id)).toEqual([dee.userId]);
    expect(followBack.json().user.email).toEqual(own);
    expect(followBack.json().followUser.email).toBeUndefined();
    const exported = await call('GET', '/api/users/me/export', { token: dee.token });
    expect(json(await unzip(exported.rawPayload), 'profile.json').email).toEqual(own);
    const theirs = await call('GET', '/api/users/me/export', { token: eve.token });
    expect(theirs.rawPayload.toString('latin1')).not.toContain(address);
  });
});

describe('erasure', () => {
  it('takes the address with the account: no row keeps it, and its link no longer works', async () => {
    const kim = await person('kim_leaves');
    await verifiedEmail(kim, 'kim@example.org');
    await setEmail(kim.token, 'kim.next@example.org');
    await sent();
    const pending = tokenOf(linkIn(inbox.to('kim.next@example.org')[0] as never));
    const gone = await t().call('POST', '/api/users/me/delete', { token: kim.token, body: { password } });
    expect(gone.statusCode, gone.body).toBe(200);
    const rows = await t().db.kysely.selectFrom('account_emails').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('kim');
    expect((await verify(pending)).statusCode).toBe(400);
    expect((await forgot('kim_leaves')).statusCode).toBe(202);
    await sent();
    expect(inbox.to('kim@example.org')).toHaveLength(1);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('mails a verified address a recovery link that sets a new password once and ends every session', async () => {
    const fay = await person('fay_forgets');
    const other = await t().login('fay_forgets', password);
    await verifiedEmail(fay, 'fay@example.org');
    const res = await forgot('FAY_forgets');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await sent();
    const mail = inbox.to('fay@example.org').at(-1);
    expect(mail?.subject).toBe('Set a new password for Spotter');
    const link = linkIn(mail as NonNullable<typeof mail>);
    expect(link).toMatch(/^https:\/\/spotter\.example\/reset-password#token=[\w-]{43}$/);

    const reset = (newPassword: string) =>
      t().call('POST', '/api/auth/reset-password', { body: { token: tokenOf(link), newPassword } });
    const done = await reset('a brand new password');
    expect(done.statusCode, done.body).toBe(200);
    expect((await reset('and once more please')).json()).toEqual({ errors: [apiErrors.resetLinkInvalid] });
    for (const token of [fay.token, other.token]) {
      expect((await t().call('GET', '/api/users/me', { token })).statusCode).toBe(401);
    }
    const old = await t().call('POST', '/api/auth/login', { body: { username: 'fay_forgets', password } });
    expect(old.statusCode).toBe(401);
    await t().login('fay_forgets', 'a brand new password');
  });

  it('answers every username alike, and mails only a verified address', async () => {
    const gil = await person('gil_no_email');
    const hal = await person('hal_waiting');
    await setEmail(hal.token, 'hal@example.org');
    const ida = await person('ida_verified');
    await verifiedEmail(ida, 'ida@example.org');
    await sent();
    const before = inbox.mails.length;

    const answers = await Promise.all(
      ['nobody_here', gil.username, hal.username, guestCredentials.username, ida.username].map(forgot),
    );
    await sent();
    const shapes = answers.map((res) => {
      const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.body };
    });
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    expect(inbox.mails.slice(before).map((mail) => mail.to)).toEqual([['ida@example.org']]);
    expect((await t().db.kysely.selectFrom('password_resets').selectAll().execute()).length).toBe(1);
  });

  it('refuses a missing or empty username (400)', async () => {
    for (const body of [{}, { username: '' }, { username: '   ' }, { username: 7 }]) {
      const res = await t().call('POST', '/api/auth/forgot-password', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
