// First, before any package can replace JSON.stringify (native-json.ts says which does and why first).
import './native-json';
import { AdminCommandError, runAdminCommand } from './admin-cli';
import { backupDataDir, defaultBackupDir } from './backup/backup';
import { BackupError } from './backup/manifest';
import { restoreDataDir } from './backup/restore';
import { ConfigError, envToConfig, readEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { resetAndSeed } from './seed/seed';

const commands: Record<string, () => Promise<void>> = {
  async start() {
    const config = envToConfig(readEnv());
    // Loaded here, not at the top: the one-shot commands (backup, restore, ...) start faster without
    // the web server and its plugins.
    const { buildApp } = await import('./app');
    const { exitOnSignals } = await import('./lifecycle/graceful-shutdown');
    const { limitHeapGrowth } = await import('./lifecycle/heap-growth');
    limitHeapGrowth();
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

  /** `admin grant|revoke|reset-link <username>` (issue 16): roles and account recovery from the server. */
  async admin() {
    const config = envToConfig(readEnv());
    const db = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      console.log(await runAdminCommand(db, config, process.argv.slice(3)));
    } finally {
      await db.close();
    }
  },

  /** `backup [dir]`: an online copy of the SQLite database, the media folder and the token secret. */
  async backup() {
    const { dir, manifest } = backupDataDir(envToConfig(readEnv()), process.argv[3] ?? defaultBackupDir());
    const rows = (table: string) => manifest.tables[table]?.rows ?? 0;
    const media = manifest.media ? `${manifest.media.files} media files (${manifest.media.bytes} bytes)` : 'no media';
    console.log(`Backed up ${rows('users')} users, ${rows('posts')} posts and ${media} to ${dir}`);
  },

  /** `restore <dir>`: puts a backup back; the server must be stopped. */
  async restore() {
    const dir = process.argv[3];
    if (!dir) throw new BackupError('Say which backup to restore: npm run restore -- <backup folder>');
    const config = envToConfig(readEnv());
    const { manifest, setAside } = restoreDataDir(config, dir);
    console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`);
    if (setAside) console.log(`What was there before is kept in ${setAside} (delete it when satisfied).`);
  },
};

const name = process.argv[2] ?? 'start';
const command = commands[name];
if (!command) {
  console.error(`Unknown command "${name}". Use one of: ${Object.keys(commands).join(', ')}.`);
  process.exit(2);
}
command().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError || error instanceof AdminCommandError
      ? error.message
      : error,
  );
  process.exit(1);
});
