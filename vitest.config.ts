import { defineConfig } from 'vitest/config';

/** Unit and API tests. The browser journeys are Playwright's (e2e/), benchmarks are `npm run bench`. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/web/vitest.mocks.config.ts',
      { test: { name: 'e2e-support', include: ['e2e/support/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
