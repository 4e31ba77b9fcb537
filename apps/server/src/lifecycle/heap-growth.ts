import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent: 1.5
 * times. On its own V8 picks up to 4 times, and a server whose pages read many rows (a profile page
 * of someone whose cards are not cached) held far more memory than with this, for a little more CPU
 * on that page and nothing measurable on the home feed (docs/decisions/049-heap-growth.md has the
 * measurements).
 */
export const heapGrowingPercent = 50;

/**
 * Sets the growth for the server process, unless the operator gave their own on the command line
 * (`node --heap-growing-percent=0 apps/server/dist/main.js start`: 0 is V8's own choice).
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}
