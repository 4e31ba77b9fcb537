import { defineProject } from 'vitest/config';

/**
 * Files whose behaviour does not depend on the database engine: image and video processing and the
 * media lane, HTTP security headers and request logs, the turns connections take (run on SQLite whatever TEST_DB says:
 * its handlers finish without waiting, so the answers' order is the turns'). They store a row at most,
 * through the same queries other files test on both engines, and most are the most CPU-hungry files
 * of the suite; `npm test` runs them once, on SQLite (scripts/test.sh says so in its output).
 */
const engineIndependent = [
  'tests/media-upload.test.ts',
  'tests/media-lane.test.ts',
  'tests/media-without-ffmpeg.test.ts',
  'tests/security-headers.test.ts',
  'tests/connection-turns.test.ts',
  'src/http/request-logger.test.ts',
];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TEST_DB === 'postgres' ? engineIndependent : [])],
    environment: 'node',
    // Password hashing (argon2id) and PostgreSQL database creation take real time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
