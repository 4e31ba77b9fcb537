import crypto from 'node:crypto';
import { migrationsFor } from '../../apps/server/src/db/migrations';
import { generatorVersion, type NetworkSize } from './network';

/**
 * What a generated database depends on: the network (size, generator version) and the schema (the
 * migrations it was built with). A change in either builds it again.
 */
export function datasetKey(size: NetworkSize, kind: 'sqlite' | 'postgres'): string {
  const schema = crypto
    .createHash('sha256')
    .update(Object.keys(migrationsFor(kind)).join(','))
    .digest('hex')
    .slice(0, 8);
  return `${size.name}-g${generatorVersion}-${schema}`;
}

/** Prints progress on one line, for loads that take minutes. */
export function progress(label: string) {
  const started = Date.now();
  let shown = -1;
  return {
    tick(done: number, total: number) {
      const pct = Math.floor((done / total) * 100);
      // On a terminal the line is rewritten; in a log, a line every 10 %.
      if (!process.stdout.isTTY && Math.floor(pct / 10) === Math.floor(shown / 10)) return;
      shown = pct;
      const line = `  ${label}: ${pct}% (${Math.round((Date.now() - started) / 1000)} s)`;
      process.stdout.write(process.stdout.isTTY ? `\r${line}   ` : `${line}\n`);
    },
    end() {
      process.stdout.write(`\r  ${label}: done in ${Math.round((Date.now() - started) / 1000)} s        \n`);
    },
  };
}
