import { guestCredentials } from '@spotter/contract';
import { guestAccountSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const askGuest = async () => {
  const res = await t().call('GET', '/api/auth/guest');
  expect(res.statusCode, res.body).toBe(200);
  return guestAccountSchema.parse(res.json()).guest;
};

describe('GET /api/auth/guest', () => {
  it('says whether the guest account exists, to anyone, and the guest login works when it says so', async () => {
    expect(await askGuest()).toBe(true);
    await t().login(guestCredentials.username, guestCredentials.password);

    // As on a server started with SEED=false: no account answers to the guest's name.
    await t()
      .db.kysely.updateTable('users')
      .set({ username: 'former_guest', username_key: 'former_guest' })
      .where('username_key', '=', guestCredentials.username)
      .execute();
    expect(await askGuest()).toBe(false);
    const login = await t().call('POST', '/api/auth/login', { body: guestCredentials });
    expect(login.statusCode).toBe(404);
  });
});
