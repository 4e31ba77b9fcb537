// Prints the slowest test files of a run from the JSON timings `npm test` writes (test-timings/):
// Vitest's json reporter (one file per lane) and Playwright's. `node scripts/slowest-tests.mjs [dir] [count]`.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-timings';
const count = Number(process.argv[3] ?? 10);
const root = process.cwd();

/** Vitest (Jest's format): one entry per file, with its start and end. */
function vitestFiles(report, lane) {
  return (report.testResults ?? []).map((file) => ({
    lane,
    file: path.relative(root, file.name),
    ms: Math.max(0, file.endTime - file.startTime),
    tests: file.assertionResults?.length ?? 0,
  }));
}

/** Playwright: suites nest; a file's time is the sum of its tests' runs. */
function playwrightFiles(report, lane) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = byFile.get(spec.file) ?? { lane, file: path.join('e2e', spec.file), ms: 0, tests: 0 };
        entry.ms += (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        entry.tests += 1;
        byFile.set(spec.file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile.values()];
}

if (!fs.existsSync(dir)) {
  console.log(`No test timings in ${dir}.`);
  process.exit(0);
}
const files = [];
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const lane = name.replace(/\.json$/, '');
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  files.push(...(report.testResults ? vitestFiles(report, lane) : playwrightFiles(report, lane)));
}
files.sort((a, b) => b.ms - a.ms);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
console.log(`The ${Math.min(count, files.length)} slowest of ${files.length} test files (per lane, from ${dir}/):`);
for (const f of files.slice(0, count))
  console.log(`${seconds(f.ms)}  ${f.lane.padEnd(12)} ${f.file} (${f.tests} tests)`);
