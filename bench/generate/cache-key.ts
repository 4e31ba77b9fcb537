import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFor } from '../../apps/server/src/db/migrations';
import { generatorVersion, type NetworkSize } from './network';

const migrationsDir = path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations');

/**
 * What a generated database depends on: the network (size, generator version) and the schema (the
 * migrations it was built with, by name, and the text of the migrations' folder: a migration edited
 * in place, as one is while its branch is open, builds the network again too). A change in any
 * builds it again.
 */
export function datasetKey(size: NetworkSize, kind: 'sqlite' | 'postgres'): string {
  const hash = crypto.createHash('sha256').update(Object.keys(migrationsFor(kind)).join(','));
  for (const name of fs.readdirSync(migrationsDir).sort()) {
    if (name.endsWith('.test.ts')) continue;
    hash.update(`\u0000${name}\u0000`).update(fs.readFileSync(path.join(migrationsDir, name)));
  }
  return `${size.name}-g${generatorVersion}-${hash.digest('hex').slice(0, 8)}`;
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
