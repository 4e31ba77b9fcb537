import { apiErrors, notificationStreamPath } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { eventually } from './helpers/eventually';
import { generousRateLimits, useTestApp } from './helpers/test-app';

/**
 * Issue 45, finding 2, on one server: at most STREAM_MAX_PER_USER (5) open notification streams per
 * person and STREAM_MAX_PER_IP (20) per client address; the next opening gets 429 with Retry-After
 * and a sentence saying which; and every opening, a Last-Event-ID replay too, spends the read budget.
 * The server trusts X-Forwarded-For here, so that each test speaks from an address of its own.
 */
const t = useTestApp({ trustProxy: true });
const readBudget = 3;
const tight = useTestApp({
  trustProxy: true,
  rateLimits: { ...generousRateLimits, readsPerUser: { max: readBudget, windowSeconds: 3600 } },
});
let base = '';
let tightBase = '';

beforeAll(async () => {
  base = await t().app.listen({ host: '127.0.0.1', port: 0 });
  tightBase = await tight().app.listen({ host: '127.0.0.1', port: 0 });
});

// After a stream is aborted, this process's fetch keeps a spare connection that has sent nothing,
// which the server's close would wait on for the keep-alive timeout (72 s): closed first. (Runs
// before the apps' own close: after-hooks run in the reverse order of their registration.)
afterAll(() => {
  t().app.server.closeAllConnections();
  tight().app.server.closeAllConnections();
});

const headers = (token: string, ip: string, more: Record<string, string> = {}) => ({
  authorization: token,
  'x-forwarded-for': ip,
  ...more,
});

/** An opening that must be accepted: its stream, once connected. */
async function openStream(token: string, ip: string, server = base, more: Record<string, string> = {}) {
  const stream = await openEventStream(`${server}${notificationStreamPath}`, headers(token, ip, more));
  expect(stream.status, stream.text()).toBe(200);
  await stream.waitFor(/: connected/);
  return stream;
}

/** An opening that may be refused: its status, Retry-After and JSON body (the stream, if accepted, closed). */
async function tryOpen(token: string, ip: string, server = base, more: Record<string, string> = {}) {
  const res = await fetch(`${server}${notificationStreamPath}`, { headers: headers(token, ip, more) });
  const body = res.status === 200 ? undefined : ((await res.json()) as { errors: string[] });
  if (res.status === 200) await res.body?.cancel();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

const closeAll = (streams: EventStreamReader[]) => {
  for (const stream of streams) stream.close();
};

describe('open streams are capped (issue 45, finding 2)', () => {
  it('a person holds at most 5: the 6th gets 429 with Retry-After, from any address; closing one frees its place', async () => {
    const person = await t().signup('cap_person');
    const streams: EventStreamReader[] = [];
    try {
      for (let i = 0; i < 5; i++) streams.push(await openStream(person.token, '203.0.113.1'));
      const refused = await tryOpen(person.token, '203.0.113.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body).toEqual({ errors: [apiErrors.tooManyStreamsPerson] });
      // Another address does not help: the cap is the person's.
      expect((await tryOpen(person.token, '198.51.100.7')).status).toBe(429);
      // Someone else at the same address is not held by it.
      const neighbour = await t().signup('cap_neighbour');
      streams.push(await openStream(neighbour.token, '203.0.113.1'));
      // The refused openings took no place: one closed stream makes room for exactly one more.
      streams.shift()?.close();
      let reopened: EventStreamReader | undefined;
      const room = await eventually(async () => {
        const attempt = await openEventStream(`${base}${notificationStreamPath}`, headers(person.token, '203.0.113.1'));
        if (attempt.status === 200) reopened = attempt;
        else attempt.close();
        return reopened !== undefined;
      });
      expect(room).toBe(true);
      if (reopened) streams.push(reopened);
      expect((await tryOpen(person.token, '203.0.113.1')).status).toBe(429);
    } finally {
      closeAll(streams);
    }
  });

  it('an address holds at most 20, whoever is signed in: the 21st gets 429 naming the address', async () => {
    const ip = '192.0.2.20';
    const streams: EventStreamReader[] = [];
    try {
      for (let p = 0; p < 5; p++) {
        const person = await t().signup(`cap_ip_${p}`);
        for (let i = 0; i < 4; i++) streams.push(await openStream(person.token, ip));
      }
      const late = await t().signup('cap_ip_late');
      const refused = await tryOpen(late.token, ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body).toEqual({ errors: [apiErrors.tooManyStreamsAddress] });
      // A bad token from the full address is still told it is a bad token.
      expect((await tryOpen('not-a-token', ip)).status).toBe(401);
      // From another address, the same person is welcome.
      streams.push(await openStream(late.token, '192.0.2.21'));
    } finally {
      closeAll(streams);
    }
  });
});

describe('every opening spends the read budget (issue 45, finding 2)', () => {
  it('openings and Last-Event-ID replays count like any read: past the budget, 429 with Retry-After', async () => {
    const person = await tight().signup('cap_reader');
    const ip = '203.0.113.50';
    const first = await openStream(person.token, ip, tightBase);
    first.close();
    const replay = await openStream(person.token, ip, tightBase, { 'last-event-id': new Date(0).toISOString() });
    replay.close();
    const read = await fetch(`${tightBase}/api/notifications/unread-count`, { headers: headers(person.token, ip) });
    expect(read.status).toBe(200);
    await read.body?.cancel();
    // Three reads of a budget of three: the next opening, replay or not, waits for the window.
    const replayHeader: Record<string, string> = { 'last-event-id': new Date(0).toISOString() };
    for (const more of [{}, replayHeader]) {
      const refused = await tryOpen(person.token, ip, tightBase, more);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body).toEqual({ errors: [apiErrors.tooManyRequests] });
    }
  });
});
