import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { moduleMockingTests } from './module-mocking-tests';

/**
 * Unit tests of the client's rules, in jsdom. Journeys in a real browser live in e2e/. Two projects
 * of the same settings: `web` (this file) and `web-mocks` (vitest.mocks.config.ts).
 */
export const webProject = (name: string, files: { include: string[]; exclude: string[] }, isolate: boolean) =>
  defineProject({
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      // `web`: one jsdom and one module graph per worker, not per file: setting up jsdom and importing
      // React and the app again for each of 60 files was most of this lane's time (decision 092). What a
      // test could leave behind (a rendered screen, the stored session, a stubbed global) is cleared
      // after each (testing/setup.ts).
      isolate,
      setupFiles: ['src/testing/setup.ts'],
      ...files,
      // A guard against a hung screen, not a speed check: in CI this lane shares two cores with both
      // API lanes, and a screen test typing into a form can take several seconds there.
      testTimeout: 20_000,
    },
  });

export default webProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: moduleMockingTests }, false);
