import { buildApp } from './app';
import { ConfigError, envToConfig, readEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { exitOnSignals } from './lifecycle/graceful-shutdown';
import { resetAndSeed } from './seed/seed';

const commands: Record<string, () => Promise<void>> = {
  async start() {
    const config = envToConfig(readEnv());
    const app = await buildApp(config);
    exitOnSignals(app);
    await app.listen({ port: config.port, host: config.host });
  },

  async migrate() {
    const db = openDatabase(envToConfig(readEnv()).database);
    try {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    } finally {
      await db.close();
    }
  },

  async seed() {
    const db = openDatabase(envToConfig(readEnv()).database);
    try {
      await migrateToLatest(db);
      await resetAndSeed(db);
      console.log('The demo network is loaded: 8 users, 19 posts.');
    } finally {
      await db.close();
    }
  },
};

const name = process.argv[2] ?? 'start';
const command = commands[name];
if (!command) {
  console.error(`Unknown command "${name}". Use one of: ${Object.keys(commands).join(', ')}.`);
  process.exit(2);
}
command().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
