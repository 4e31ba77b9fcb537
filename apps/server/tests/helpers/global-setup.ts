import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../../../scripts/server-bundle.mjs';
import { makeDbTemplates } from './db-templates';
import './provided';
import { postgresAdminUrl } from './test-db';
import { testVideoTools } from './video-tools';

/**
 * Vitest's global setup, run once before the workers start: the video tools are looked up here, so
 * that every test file's worker inherits the answer (video-tools.ts) instead of starting ffmpeg again;
 * the databases every test file's database is copied from are made here (db-templates.ts); and the
 * server is bundled as `npm start` runs it, for the tests that start it as a process: under tsx each
 * process compiled the server again, and took about twice as long to answer.
 */
export default async function setup(project: TestProject) {
  void testVideoTools;
  // Beside src, as apps/server/dist is (the bundle finds the web build relative to itself).
  const bundleDir = fileURLToPath(new URL(`../../dist-test-${process.pid}`, import.meta.url));
  const [{ templates, remove }, serverBundle] = await Promise.all([
    makeDbTemplates(postgresAdminUrl),
    bundleServer(bundleDir),
  ]);
  project.provide('dbTemplates', templates);
  project.provide('serverBundle', serverBundle);
  return async () => {
    fs.rmSync(bundleDir, { recursive: true, force: true });
    await remove();
  };
}
