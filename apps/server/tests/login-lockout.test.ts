import { apiErrors, routes } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { envToConfig } from '../src/config';
import { useTestApp } from './helpers/test-app';

// The budgets a server starts with, not the test suite's generous ones.
const defaults = envToConfig({}).rateLimits;
const t = useTestApp({ rateLimits: defaults });

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;
const loginFrom = (ip: string, username: string, password: string) =>
  t().app.inject({
    method: 'POST',
    url: routes.login.path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });

// Issue 17, finding 4: ten wrong logins from one IP locked the owner out from any other IP.
describe('a stranger’s guesses do not lock the owner out', () => {
  it('by default the per-username budget is larger than the per-IP one', () => {
    const perIp = defaults.loginPerIp;
    const perUser = defaults.loginPerUser;
    expect(perIp && perUser).toBeTruthy();
    if (!perIp || !perUser) return;
    expect(perUser.max / perUser.windowSeconds).toBeGreaterThan(perIp.max / perIp.windowSeconds);
    // Over the per-username window, one address cannot spend the whole per-username budget.
    expect(perIp.max * Math.ceil(perUser.windowSeconds / perIp.windowSeconds)).toBeLessThan(perUser.max);
  });

  it('one address guessing until it is refused; the owner’s correct password from another address still logs in', async () => {
    await t().signup('lockout_owner', 'owner-real-password');
    const stranger = freshIp();
    let refused = 0;
    for (let i = 0; i < 15; i++) {
      const res = await loginFrom(stranger, 'lockout_owner', `guess-${i}`);
      if (res.statusCode === 429) refused++;
      else expect(res.statusCode).toBe(401);
    }
    expect(refused).toBeGreaterThan(0);
    const owner = await loginFrom(freshIp(), 'lockout_owner', 'owner-real-password');
    expect(owner.statusCode).toBe(200);
  });

  it('many addresses guessing one account are still stopped by the per-username budget', async () => {
    await t().signup('botnet_target', 'target-real-password');
    const max = defaults.loginPerUser?.max ?? 0;
    for (let i = 0; i < max; i++) {
      expect((await loginFrom(freshIp(), 'botnet_target', `guess-${i}`)).statusCode).toBe(401);
    }
    const next = await loginFrom(freshIp(), 'botnet_target', 'target-real-password');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({ errors: [apiErrors.tooManyRequests] });
  });
});
