/**
 * The web test files that replace a module with `vi.mock`. They run in a project of their own,
 * `web-mocks`, one file per module graph: in the `web` project files share their worker's modules
 * (decision 092), where a screen imported by an earlier file keeps the real module and a mock comes
 * too late. src/testing/module-mocking-tests.test.ts fails when a file that mocks is not listed.
 */
export const moduleMockingTests = [
  'src/features/oauth/routes/authorize.test.tsx',
  'src/features/posts/components/composer-photos.test.tsx',
  'src/features/training/components/import-workouts.test.tsx',
  'src/features/training/components/profile-records.test.tsx',
  'src/features/training/routes/log-workout-save.test.tsx',
];
