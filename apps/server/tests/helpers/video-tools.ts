import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg and ffprobe the tests use, found as a fresh machine allows: the system's on PATH (what
 * production runs, Debian's package in CI), else the static builds shipped inside npm packages. Those
 * are test-only dev dependencies: @ffmpeg-installer's ffmpeg is a 2018 build, fine for making test
 * clips and remuxing them, too old to parse strangers' uploads, so production never uses it.
 */
export interface TestVideoTools {
  ffmpegPath: string;
  ffprobePath: string;
  from: 'system' | 'npm';
}

export interface VideoToolsLookup {
  /** Whether `file -version` runs (a name is looked up on PATH). */
  runs(file: string): boolean;
  /** The paths of the npm packages' binaries. */
  npmBinaries(): { ffmpegPath: string; ffprobePath: string };
}

const require = createRequire(import.meta.url);

export const machineLookup: VideoToolsLookup = {
  runs: (file) => spawnSync(file, ['-version'], { stdio: 'ignore', timeout: 30_000 }).status === 0,
  npmBinaries: () => ({
    ffmpegPath: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobePath: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  }),
};

export function findTestVideoTools(lookup: VideoToolsLookup = machineLookup): TestVideoTools {
  if (lookup.runs('ffmpeg') && lookup.runs('ffprobe'))
    return { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', from: 'system' };
  const npm = lookup.npmBinaries();
  for (const file of [npm.ffmpegPath, npm.ffprobePath]) {
    if (!lookup.runs(file)) throw new Error(`No ffmpeg for the video tests: neither the system's nor ${file} runs.`);
  }
  return { ...npm, from: 'npm' };
}

/**
 * Looked up once per test run, not per test file: each lookup starts ffmpeg and ffprobe. The first
 * process to look (Vitest's global setup, Playwright's config) keeps the answer in
 * SPOTTER_TEST_VIDEO_TOOLS, which the workers it starts inherit.
 */
export const testVideoTools: TestVideoTools = rememberedTools() ?? remember(findTestVideoTools());

function rememberedTools(): TestVideoTools | undefined {
  const kept = process.env.SPOTTER_TEST_VIDEO_TOOLS;
  return kept ? (JSON.parse(kept) as TestVideoTools) : undefined;
}

function remember(tools: TestVideoTools): TestVideoTools {
  process.env.SPOTTER_TEST_VIDEO_TOOLS = JSON.stringify(tools);
  return tools;
}
