import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type CardPost, guestCredentials, type Route, routes, sessionKeys, type User } from '@spotter/contract';
import { type JourneyServer, startJourneyServer } from './server';
import { trackRequests } from './settled';

/** An account made for one journey, so journeys never depend on each other's leftovers. */
export interface Account {
  username: string;
  password: string;
  token: string;
  user: User;
}

interface CallOptions {
  token?: string;
  params?: Record<string, string>;
  body?: unknown;
}

/** The API as the journeys use it to set the scene: every path and method from the route table. */
export interface SpotterApi {
  call(route: Route, options?: CallOptions): Promise<unknown>;
  /** A new account, not signed in on the page. */
  signUp(prefix: string): Promise<Account>;
  createPost(
    token: string,
    postData: { content: string; image?: string; mediaType?: 'image' | 'video' },
  ): Promise<CardPost>;
  /** Many posts, a few requests at a time (the machine is small and shared). */
  createPosts(token: string, contents: string[]): Promise<void>;
  like(token: string, postId: string): Promise<void>;
  follow(token: string, userId: string): Promise<void>;
}

interface Fixtures {
  api: SpotterApi;
  /** Signs the page in as `account`, storing the session where the app keeps it (SPEC §3). */
  signIn: (account: { token: string; user: { username: string } }) => Promise<void>;
  /** A fresh account, signed in on the page. */
  signUp: (prefix?: string) => Promise<Account>;
  /** The seeded guest, signed in on the page. */
  signInAsGuest: () => Promise<Pick<Account, 'token' | 'user'>>;
}

interface WorkerFixtures {
  /**
   * The first port of the workers' servers (worker n listens on it + n); 0: any free port. Set in
   * playwright.config.ts from E2E_PORT.
   */
  serverPort: number;
  /** This worker's server and its database (e2e/support/server.ts), shared by its journeys. */
  journeyServer: JourneyServer;
}

const password = 'squat-bench-deadlift-9';
let counter = 0;

async function storeSession(page: Page, token: string, user: { username: string }) {
  // Any page of the origin will do; the login screen clears storage on open, so use the tester's.
  await page.goto('/test');
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys.token, values.token);
      localStorage.setItem(keys.username, values.username);
      localStorage.setItem(keys.user, values.user);
    },
    [sessionKeys, { token, username: user.username, user: JSON.stringify(user) }] as const,
  );
}

/** The API of the server `request` is bound to (its baseURL): a journey's own, or another it starts. */
export function spotterApi(request: APIRequestContext): SpotterApi {
  const call: SpotterApi['call'] = async (route, { token, params = {}, body } = {}) => {
    const url = route.path.replace(/:(\w+)/g, (_segment, name: string) => encodeURIComponent(params[name] ?? ''));
    const response = await request.fetch(url, {
      method: route.method,
      headers: { ...(token ? { authorization: token } : {}), ...(route.minimal ? { prefer: 'return=minimal' } : {}) },
      ...(body === undefined ? {} : { data: body }),
    });
    if (response.status() !== route.status) {
      throw new Error(`${route.name}: ${response.status()} ${await response.text()}`);
    }
    return response.json();
  };
  const api: SpotterApi = {
    call,
    async signUp(prefix) {
      counter += 1;
      const username = `${prefix}${Date.now().toString(36)}${counter}`;
      const body = { firstname: 'Test', lastname: 'Lifter', username, password };
      const { encodedToken, createdUser } = (await call(routes.signup, { body })) as {
        encodedToken: string;
        createdUser: User;
      };
      return { username, password, token: encodedToken, user: createdUser };
    },
    async createPost(token, postData) {
      return ((await call(routes.createPost, { token, body: { postData } })) as { post: CardPost }).post;
    },
    async createPosts(token, contents) {
      const batch = 10;
      for (let i = 0; i < contents.length; i += batch) {
        await Promise.all(contents.slice(i, i + batch).map((content) => api.createPost(token, { content })));
      }
    },
    async like(token, postId) {
      await call(routes.likePost, { token, params: { postId } });
    },
    async follow(token, userId) {
      await call(routes.followUser, { token, params: { userId } });
    },
  };
  return api;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  serverPort: [0, { scope: 'worker', option: true }],
  journeyServer: [
    async ({ serverPort }, use, workerInfo) => {
      const server = await startJourneyServer(serverPort && serverPort + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ journeyServer }, use) => use(journeyServer.url),
  page: async ({ page }, use) => {
    trackRequests(page);
    await use(page);
  },
  api: async ({ request }, use) => use(spotterApi(request)),
  signIn: async ({ page }, use) => {
    await use((account) => storeSession(page, account.token, account.user));
  },
  signUp: async ({ api, signIn }, use) => {
    await use(async (prefix = 'lifter') => {
      const account = await api.signUp(prefix);
      await signIn(account);
      return account;
    });
  },
  signInAsGuest: async ({ api, signIn }, use) => {
    await use(async () => {
      const { encodedToken, foundUser } = (await api.call(routes.login, { body: guestCredentials })) as {
        encodedToken: string;
        foundUser: User;
      };
      const account = { token: encodedToken, user: foundUser };
      await signIn(account);
      return account;
    });
  },
});

export { expect };
