import { notificationStreamPath, routes, type User } from '@spotter/contract';
import {
  federationEnv,
  makeCertificates,
  startTlsProxy,
  type TestCertificates,
} from '../apps/server/tests/helpers/federation-tls';
import { test as base, expect, type SpotterApi, spotterApi } from './support/fixtures';
import { freePort, startJourneyServer } from './support/server';

/**
 * Issue 49 in the browser: a member of one Spotter finds someone on another by their handle, follows
 * them, sees their post come into Home and copies their workout into the log. Two compiled servers, as
 * `npm start` runs them, each behind a TLS proxy of its own (A at 127.0.0.2, B at 127.0.0.3, both
 * trusting the run's CA: apps/server/tests/helpers/federation-tls.ts, decision 093). The browser uses
 * A at its public address, through A's proxy, taking its certificate without the CA (ignoreHTTPSErrors):
 * at A's plain address, its writes would carry an Origin that is not A's PUBLIC_URL, which A refuses
 * (security/cross-origin.ts).
 */
interface FederatedServer {
  /** Its PUBLIC_URL, `https://<address>:<port>` of its proxy: where the browser opens A. */
  origin: string;
  /** Plain HTTP straight to the process: where the scene is set (B's API, keys made beforehand). */
  url: string;
  /** `<address>:<port>` of its proxy: the host of its people's handles. */
  host: string;
  stop(): Promise<void>;
}

async function startFederatedServer(
  address: string,
  certificates: TestCertificates,
  env: Record<string, string> = {},
): Promise<FederatedServer> {
  const proxy = await startTlsProxy(address, certificates);
  try {
    const port = await freePort();
    proxy.backendPort = port;
    const server = await startJourneyServer(port, { env: { ...federationEnv(proxy, certificates), ...env } });
    return {
      origin: proxy.origin,
      url: server.url,
      host: proxy.host,
      async stop() {
        await server.stop();
        await proxy.close();
      },
    };
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

/**
 * Asks `server` (over plain HTTP) for `path` as another server would, so that the keys behind it are
 * made now. A server's own keys and each person's are made the first time they are needed (RSA: seconds
 * on a busy machine), and a person's first WebFinger waits for theirs: with the rest of a lookup, that
 * passed the 10 s the lookup waits for the other server. Made beforehand, the journey meets what a
 * person meets on servers that have run a while.
 */
async function askAsAServer(server: FederatedServer, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: 'application/activity+json' } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

const test = base.extend<{ remoteApi: SpotterApi }, { spotters: { a: FederatedServer; b: FederatedServer } }>({
  spotters: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const certificates = makeCertificates(['127.0.0.2', '127.0.0.3']);
      const started = await Promise.allSettled([
        startFederatedServer('127.0.0.2', certificates),
        // Its own secret: a token from one server means nothing on the other.
        startFederatedServer('127.0.0.3', certificates, { JWT_SECRET: 'e2e-remote-secret-at-least-32-characters' }),
      ]);
      const [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
      try {
        if (!a || !b) throw started.find((s) => s.status === 'rejected')?.reason;
        // A server's own actor signs the fetch of a sender's key when a delivery comes in.
        await Promise.all([askAsAServer(a, '/ap/users/instance'), askAsAServer(b, '/ap/users/instance')]);
        await use({ a, b });
      } finally {
        await Promise.all([a?.stop(), b?.stop()]);
        certificates.remove();
      }
    },
    // Two servers starting at once, each making its own keys: past the default minute on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  // The page, `api` and `signUp` are A's; the worker's usual server is not started for this file.
  baseURL: async ({ spotters }, use) => use(spotters.a.origin),
  ignoreHTTPSErrors: true,
  remoteApi: async ({ playwright, spotters }, use) => {
    const request = await playwright.request.newContext({ baseURL: spotters.b.url });
    await use(spotterApi(request));
    await request.dispose();
  },
});

/** What travels between the servers goes through their queues: waited for by asking, never by sleeping. */
const arrival = { timeout: 30_000 };

test('look a person on another server up by handle, follow them, see their post in Home and copy their workout to the log', async ({
  page,
  signUp,
  remoteApi,
  spotters,
}) => {
  // Every step between the servers goes through a queue and a signed HTTPS request: past the default
  // minute on a busy machine.
  test.setTimeout(120_000);
  const me = await signUp('fedreader');
  const username = `bea${Date.now().toString(36)}`;
  const { encodedToken: beaToken } = (await remoteApi.call(routes.signup, {
    body: { firstname: 'Bea', lastname: 'Remote', username, password: 'squat-bench-deadlift-9' },
  })) as { encodedToken: string; createdUser: User };
  const handle = `${username}@${spotters.b.host}`;
  await askAsAServer(spotters.b, `/.well-known/webfinger?resource=acct:${handle}`);

  // The bell's stream, open from the first page on: it brings "N new posts" to Home later.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === notificationStreamPath);
  await page.goto('/landing');
  await streamOpen;

  await page.getByRole('region', { name: 'Search users' }).getByRole('searchbox').fill(`@${handle}`);
  await page
    .getByRole('region', { name: 'Search users' })
    .getByRole('link', { name: `@${handle}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Bea Remote' })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  // B must have the follow before Bea posts, or it has no one on A to send her posts to.
  await expect
    .poll(async () => {
      const answer = (await remoteApi.call(routes.profile, { params: { username } })) as {
        profile: { followerCount: number };
      };
      return answer.profile.followerCount;
    }, arrival)
    .toBe(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText('Your feed is empty: post something or follow people.')).toBeVisible();

  await remoteApi.createPost(beaToken, { content: 'Rest day, mobility only' });
  const { workout } = (await remoteApi.call(routes.createWorkout, {
    token: beaToken,
    body: {
      workout: {
        title: 'Morning pulls',
        startedAt: new Date().toISOString(),
        durationSec: 2700,
        exercises: [{ exerciseId: 'conventional-deadlift', sets: [1, 2, 3].map(() => ({ reps: 5, weightKg: 100 })) }],
      },
    },
  })) as { workout: { _id: string } };
  await remoteApi.call(routes.createPost, {
    token: beaToken,
    body: { postData: { content: 'Early start', workoutId: workout._id } },
  });

  await page.getByRole('button', { name: '2 new posts' }).click(arrival);
  const beasPosts = page.getByRole('article', { name: 'Bea Remote' });
  await expect(beasPosts.filter({ hasText: 'Rest day, mobility only' })).toBeVisible();
  const workoutPost = beasPosts.filter({ hasText: 'Early start' });
  const card = workoutPost.getByRole('region', { name: 'Workout: Morning pulls' });
  await expect(card).toContainText('Conventional Deadlift');
  await expect(card).toContainText('3 sets');

  await card.getByRole('button', { name: 'Copy to my log' }).click();
  await expect(card.getByRole('status')).toHaveText('Copied to your log. Open the workout');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await expect(page).toHaveURL(new RegExp(`/profilepage/${me.username}/workouts$`));
  await expect(page.getByRole('link', { name: 'Morning pulls' })).toBeVisible();
});
