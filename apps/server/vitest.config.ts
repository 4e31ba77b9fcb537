import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    // Password hashing (argon2id) and PostgreSQL database creation take real time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
