import { defineProject } from 'vitest/config';
import { onBothEngines } from './test-lanes';

// On PostgreSQL only the files whose behaviour can differ by engine run (test-lanes.ts says which);
// every file runs on SQLite.
const postgres = process.env.TEST_DB === 'postgres';

export default defineProject({
  test: {
    name: 'server',
    include: postgres ? onBothEngines : ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // One module graph per worker, not per file: importing the whole server again for each of 120 files
    // took more of this lane than most tests did (decision 092). Each file still builds its own app on
    // its own database (tests/helpers/test-app.ts), so no state of a test lives in a module.
    isolate: false,
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Password hashing (argon2id) and PostgreSQL database creation take real time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
