import type { DbTemplates } from './db-templates';

/**
 * What the global setup (global-setup.ts) makes once per run and hands every test file through
 * Vitest's `inject`. Imported by the helpers that read it, so that every program compiling them
 * (the API tests, the journeys, the benchmark) sees the same names.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
    /** The server bundle the server processes of the tests run (server-process.ts). */
    serverBundle: string;
  }
}
