import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web tests share one jsdom and one module graph per worker (vitest.config.ts: `isolate: false`):
// each test leaves no screen, no stored session and no stubbed global behind for the next, in its file
// or the next one.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  vi.unstubAllGlobals();
});

// findBy/waitFor wait up to 5 s, not 1: a lazily loaded screen or the first render of a file can take
// more than a second in CI, where this lane shares two cores with both API lanes. A passing wait ends
// as soon as its condition holds, so this slows no test that passes.
configure({ asyncUtilTimeout: 5_000 });
