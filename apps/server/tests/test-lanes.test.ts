import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onBothEngines, once } from '../test-lanes';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Every test file of the server, as a path from apps/server. */
function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(serverRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the lanes of the server tests (test-lanes.ts)', () => {
  const listed = [...onBothEngines, ...once];

  it('names every test file of the server once: on both engines, or once', () => {
    const files = [...testFiles('src'), ...testFiles('tests')].sort();
    const unlisted = files.filter((file) => !listed.includes(file));
    expect(unlisted, 'put each new test file in onBothEngines or once (apps/server/test-lanes.ts)').toEqual([]);
    const twice = onBothEngines.filter((file) => once.includes(file));
    expect(twice).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(listed.filter((file) => !fs.existsSync(path.join(serverRoot, file)))).toEqual([]);
  });
});
