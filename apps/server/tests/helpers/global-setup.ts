import { testVideoTools } from './video-tools';

/**
 * Vitest's global setup, run once before the workers start: the video tools are looked up here, so
 * that every test file's worker inherits the answer (video-tools.ts) instead of starting ffmpeg again.
 */
export default function setup() {
  void testVideoTools;
}
