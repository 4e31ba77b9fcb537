// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleMockingTests } from '../../module-mocking-tests';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(webRoot, file)] : [];
  });
}

describe('module-mocking-tests.ts', () => {
  it('lists exactly the web test files that mock a module, which run apart (web-mocks)', () => {
    const mocking = testFiles(path.join(webRoot, 'src'))
      .filter((file) => fs.readFileSync(path.join(webRoot, file), 'utf8').includes(`vi.${'mock'}(`))
      .sort();
    expect(mocking).toEqual([...moduleMockingTests].sort());
  });
});
