import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from './helpers/server-process';
import { createTestDatabase } from './helpers/test-db';

/**
 * The server as `npm start` runs it (the bundle) answers with the engine's own JSON.stringify, not
 * core-js's polyfill from jsonld's browser build (Fedify loads it; native-json.ts): the bundle's
 * chunks load Fedify before any code of ours, so only a file of its own, imported first by each,
 * keeps the engine's (scripts/server-bundle.mjs). A preloaded module notes the engine's function
 * before anything else runs and, as the stopped server exits, whether it is still the global one.
 * On Node 22 and later core-js replaces nothing, and this holds trivially.
 */
describe('the server bundle', () => {
  it("serves with the engine's own JSON.stringify", async () => {
    const database = await createTestDatabase('sqlite');
    const probe = path.join(database.dataDir, 'json-probe.mjs');
    const verdict = path.join(database.dataDir, 'json-verdict');
    fs.writeFileSync(
      probe,
      `import fs from 'node:fs';
      const engine = JSON.stringify;
      process.on('exit', () => fs.writeFileSync(${JSON.stringify(verdict)}, String(JSON.stringify === engine)));`,
    );
    try {
      const server = await startServerProcess({
        port: await freePort(),
        dataDir: database.dataDir,
        env: { NODE_OPTIONS: `--import=${probe}` },
      });
      expect((await fetch(`${server.url}/api/v1/instance`)).status).toBe(200);
      await server.stop();
      expect(fs.readFileSync(verdict, 'utf8')).toBe('true');
    } finally {
      await database.drop();
    }
  });
});
