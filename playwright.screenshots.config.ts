import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

/**
 * `npm run screenshots`: the README's pictures (e2e/screenshots.spec.ts) into docs/screenshots/, made
 * apart from the journeys so that each worker's freshly seeded server holds nothing a journey made.
 * The journeys' settings otherwise; SCREENSHOTS_PORT is the first port of its servers (default: any
 * free ones), so it can run beside `npm test`.
 */
export default defineConfig<object, { serverPort: number }>({
  ...journeys,
  testMatch: 'screenshots.spec.ts',
  testIgnore: [],
  outputDir: 'test-results/screenshots',
  use: { ...journeys.use, serverPort: Number(process.env.SCREENSHOTS_PORT ?? 0) },
});
