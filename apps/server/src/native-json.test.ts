import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * jsonld's browser build, which Fedify loads, replaces the global JSON.stringify on Node 20 with
 * core-js's polyfill (whose toString still says "[native code]", and whose answers are the same text:
 * only identity tells them apart).
 * Run in a process of its own: the test worker has long loaded Fedify.
 */
const polyfilledNode = Number(process.versions.node.split('.')[0]) < 22;

function run(first: 'jsonld' | 'native-json') {
  const nativeJson = JSON.stringify(path.join(import.meta.dirname, 'native-json.ts'));
  const loads = {
    jsonld: "await import('jsonld/dist/jsonld.esm.js');",
    'native-json': `const { restoreNativeJson } = await import(${nativeJson});`,
  };
  const script = `
      const engine = JSON.stringify;
      ${first === 'jsonld' ? loads.jsonld : loads['native-json']}
      ${first === 'jsonld' ? loads['native-json'] : loads.jsonld}
      const replaced = JSON.stringify !== engine;
      const polyfill = JSON.stringify;
      const value = { at: new Date(0), list: [1, 'two', null, { toJSON: () => 'mine' }], text: 'a\\u2028\\ud800' };
      restoreNativeJson();
      const circular = {};
      circular.self = circular;
      let typeError = false;
      try { JSON.stringify(circular); } catch (error) { typeError = error instanceof TypeError; }
      const out = {
        replaced,
        stillPolyfill: replaced && JSON.stringify === polyfill,
        isEngine: JSON.stringify === engine,
        same: JSON.stringify(value, null, 2) === engine.call(JSON, value, null, 2),
        typeError,
      };
      process.stdout.write(engine.call(JSON, out));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as {
    replaced: boolean;
    stillPolyfill: boolean;
    isEngine: boolean;
    same: boolean;
    typeError: boolean;
  };
}

describe('restoreNativeJson', () => {
  // Node 22 and later have JSON.rawJSON, and core-js leaves their JSON.stringify alone.
  for (const first of ['native-json', 'jsonld'] as const) {
    // jsonld first is the built server's order: a bundle's chunk evaluates the packages it imports before its own code.
    it(`puts back the engine's own JSON.stringify when ${first} is loaded first`, () => {
      // Loaded first, it keeps the engine's very function; loaded after, one from a fresh context.
      expect(run(first)).toEqual({
        replaced: polyfilledNode,
        stillPolyfill: false,
        isEngine: first === 'native-json' || !polyfilledNode,
        same: true,
        typeError: true,
      });
    });
  }
});
