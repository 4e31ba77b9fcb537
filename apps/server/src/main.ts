import { buildApp } from './app';
import { ConfigError, envToConfig, readEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { resetAndSeed } from './seed/seed';

const commands: Record<string, () => Promise<void>> = {
  async start() {
    const config = envToConfig(readEnv());
    const app = await buildApp(config);
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // close() stops accepting connections and resolves once in-flight requests have been answered.
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
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
