import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * jsonld's browser build, which Fedify loads, replaces the global JSON.stringify on Node 20 with
 * core-js's polyfill (whose toString still says "[native code]", so only identity tells them apart).
 * Run in a process of its own: the test worker has long loaded Fedify.
 */
describe('restoreNativeJson', () => {
  it("puts back the engine's own JSON.stringify after jsonld replaced it", () => {
    const script = `
      const engine = JSON.stringify;
      const { restoreNativeJson } = await import(${JSON.stringify(path.join(import.meta.dirname, 'native-json.ts'))});
      await import('jsonld/dist/jsonld.esm.js');
      const replaced = JSON.stringify !== engine;
      restoreNativeJson();
      process.stdout.write(JSON.stringify({ replaced, restored: JSON.stringify === engine }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const { replaced, restored } = JSON.parse(run.stdout) as { replaced: boolean; restored: boolean };
    // Node 22 and later have JSON.rawJSON, and core-js leaves their JSON.stringify alone.
    expect(replaced).toBe(Number(process.versions.node.split('.')[0]) < 22);
    expect(restored).toBe(true);
  });
});
