import { apiErrors, guestCredentials, routes } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { seedUsers } from '../src/seed/data';
import { resetAndSeed } from '../src/seed/seed';
import { startTestApp, useTestApp } from './helpers/test-app';

const t = useTestApp();

// Issue 17, finding 3: every seeded password was public, and changing the guest's locked the guest button out.
describe('safe demo defaults', () => {
  it('the seeded people other than the guest have passwords nobody knows', async () => {
    for (const user of seedUsers.filter((u) => u.username !== guestCredentials.username)) {
      expect(user).not.toHaveProperty('password');
      for (const guess of [`demo-${user.key}`, user.username, guestCredentials.password]) {
        const res = await t().call('POST', routes.login.path, { body: { username: user.username, password: guess } });
        expect(res.statusCode, user.username).toBe(401);
      }
    }
  });

  it('the guest cannot change its password: 403, and the guest button keeps working', async () => {
    const { token } = await t().login(guestCredentials.username, guestCredentials.password);
    const res = await t().call('POST', routes.changePassword.path, {
      token,
      body: { currentPassword: guestCredentials.password, newPassword: 'hijacked-the-demo' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [apiErrors.demoGuestPassword] });
    expect((await t().login(guestCredentials.username, guestCredentials.password)).token).toBeTruthy();
    // Its profile may still be used.
    const edit = await t().call('POST', routes.editProfile.path, { token, body: { userData: { bio: 'changed' } } });
    expect(edit.statusCode).toBe(201);
  });

  it('npm run seed resets the demo network', async () => {
    await t().signup('not_in_the_demo');
    await resetAndSeed(t().db);
    expect(
      (await t().call('POST', routes.login.path, { body: { username: 'not_in_the_demo', password: 'x'.repeat(8) } }))
        .statusCode,
    ).toBe(404);
    expect((await t().login(guestCredentials.username, guestCredentials.password)).token).toBeTruthy();
  });

  it('warns at start when the demo guest is served on a non-loopback address, and not on loopback', async () => {
    const started = async (host: string) => {
      const lines: string[] = [];
      const { testApp, db } = await startTestApp(
        { host, logLevel: 'warn' },
        { logStream: { write: (l) => void lines.push(l) } },
      );
      await testApp.app.close();
      await db.drop();
      return lines.join('\n');
    };
    expect(await started('0.0.0.0')).toContain('SEED=false');
    expect(await started('127.0.0.1')).not.toContain('SEED=false');
  });
});
