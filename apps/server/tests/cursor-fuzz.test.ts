import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/paging/cursor';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

/** A cursor as a client could forge it: base64url JSON, with any text where the server puts its own. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const time = '2026-11-01T10:00:00.000Z';

// Issue 17, finding 6: a cursor holding NUL answered 500 on PostgreSQL and 200 on SQLite.
describe('decoded cursors with NUL or invalid text', () => {
  const paged = [
    '/api/posts?limit=5',
    '/api/posts/user/maya_lifts?limit=5',
    '/api/users/me/liked?limit=5',
    '/api/feed?limit=5',
    '/api/users/maya_lifts/workouts?limit=5',
  ];

  it.each([
    ['a NUL in the id', { t: time, i: 'a\u0000b' }],
    ['a lone surrogate in the id', { t: time, i: '\ud800x' }],
    ['a control character in the id', { t: time, i: 'a\u0007' }],
  ])('%s: 400 naming the cursor on every paged call', async (_, keyset) => {
    const { token } = await t().login(guest.username, guest.password);
    for (const url of paged) {
      const res = await t().call('GET', `${url}&cursor=${forged(keyset)}`, { token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ errors: ['cursor: is not a cursor this server gave out'] });
    }
  });

  // Issue 17 (remainder): a year-0 time is well-formed ISO text, but PostgreSQL has no year 0 and answered 500.
  it.each([
    ['year 0', '0000-01-01T00:00:00.000Z'],
    ['year 0, end of the year', '0000-12-31T23:59:59.999Z'],
    ['a leap day of year 0', '0000-02-29T12:00:00.000Z'],
  ])('a time of %s: 400 naming the cursor on every paged call', async (_, at) => {
    const { token } = await t().login(guest.username, guest.password);
    for (const url of paged) {
      const res = await t().call('GET', `${url}&cursor=${forged({ t: at, i: 'some-post-id' })}`, { token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ errors: ['cursor: is not a cursor this server gave out'] });
    }
  });

  it('the first and last times a cursor can hold still page on every paged call', async () => {
    const { token } = await t().login(guest.username, guest.password);
    for (const at of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      for (const url of paged) {
        const res = await t().call('GET', `${url}&cursor=${forged({ t: at, i: 'some-post-id' })}`, { token });
        expect(res.statusCode, `${url} ${at}`).toBe(200);
      }
    }
  });

  it('fuzzed: any well-formed time of any year, on every paged call, is a 200 or a 400, never a 5xx', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          year: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 9999 })),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 31 }),
          ms: fc.integer({ min: 0, max: 86_399_999 }),
          url: fc.constantFrom(...paged, '/api/posts?order=trending&limit=3'),
        }),
        async ({ year, month, day, ms, url }) => {
          const clock = new Date(ms).toISOString().slice(11);
          const at = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${clock}`;
          const res = await t().call('GET', `${url}&cursor=${forged({ t: at, i: 'x', l: 1 })}`, { token });
          expect([200, 400], `${url} ${at}`).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json().errors).toHaveLength(1);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });

  it('bytes that are not UTF-8 inside the cursor: 400', async () => {
    const raw = Buffer.concat([
      Buffer.from(`{"t":"${time}","i":"`),
      Buffer.from([0xff, 0xfe, 0x00]),
      Buffer.from('"}'),
    ]);
    const res = await t().call('GET', `/api/posts?limit=5&cursor=${raw.toString('base64url')}`);
    expect(res.statusCode).toBe(400);
  });

  it('fuzzed: any text in the decoded fields is a 200 or a 400 with errors, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          t: fc.oneof(fc.constant(time), fc.string({ unit: 'binary' })),
          i: fc.string({ unit: 'binary', minLength: 1, maxLength: 70 }),
          l: fc.option(fc.integer(), { nil: undefined }),
        }),
        async (keyset) => {
          const res = await t().call('GET', `/api/posts?order=trending&limit=3&cursor=${forged(keyset)}`);
          expect([200, 400], JSON.stringify(keyset)).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json().errors).toHaveLength(1);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });

  it('a cursor the server gave out still pages', async () => {
    const res = await t().call('GET', `/api/posts?limit=2&cursor=${encodeCursor({ t: time, i: 'some-post-id' })}`);
    expect(res.statusCode).toBe(200);
  });
});
