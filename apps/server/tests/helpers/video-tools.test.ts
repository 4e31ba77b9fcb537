import { describe, expect, it } from 'vitest';
import { findTestVideoTools, type VideoToolsLookup } from './video-tools';

const npmBinaries = () => ({ ffmpegPath: '/pkg/ffmpeg', ffprobePath: '/pkg/ffprobe' });
const machine = (working: string[]): VideoToolsLookup => ({ runs: (file) => working.includes(file), npmBinaries });

describe('the ffmpeg the tests use', () => {
  it("is the system's when both programs are on PATH", () => {
    expect(findTestVideoTools(machine(['ffmpeg', 'ffprobe', '/pkg/ffmpeg', '/pkg/ffprobe']))).toEqual({
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      from: 'system',
    });
  });

  it("is the npm packages' on a machine without ffmpeg, or with only half of it", () => {
    const npm = { ffmpegPath: '/pkg/ffmpeg', ffprobePath: '/pkg/ffprobe', from: 'npm' };
    expect(findTestVideoTools(machine(['/pkg/ffmpeg', '/pkg/ffprobe']))).toEqual(npm);
    expect(findTestVideoTools(machine(['ffmpeg', '/pkg/ffmpeg', '/pkg/ffprobe']))).toEqual(npm);
  });

  it('fails loudly, never skips, when neither runs', () => {
    expect(() => findTestVideoTools(machine(['/pkg/ffmpeg']))).toThrow(
      "No ffmpeg for the video tests: neither the system's nor /pkg/ffprobe runs.",
    );
  });
});
