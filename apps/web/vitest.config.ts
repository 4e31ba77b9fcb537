import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Unit tests of the client's rules, in jsdom. Journeys in a real browser live in e2e/. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing React and
    // the app again for each of 60 files was most of this lane's time (decision 092). What a test could
    // leave behind (a rendered screen, the stored session) is cleared after each (testing/setup.ts).
    isolate: false,
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A guard against a hung screen, not a speed check: in CI this lane shares two cores with both
    // API lanes, and a screen test typing into a form can take several seconds there.
    testTimeout: 20_000,
  },
});
