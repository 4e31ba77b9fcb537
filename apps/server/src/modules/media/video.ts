import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { apiErrors } from '@spotter/contract';
import { HttpError } from '../../errors';

const run = promisify(execFile);

/** A remux copies bytes, so even a 50 MB clip takes a moment; a stuck tool is killed. */
const toolTimeoutMs = 120_000;

export interface VideoTools {
  ffmpegPath: string;
  ffprobePath: string;
}

export interface CleanedVideo {
  width: number;
  height: number;
}

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** The picture's size as a player shows it: a phone's portrait clip is stored sideways with a rotation. */
async function probeVideo(tools: VideoTools, file: string): Promise<CleanedVideo> {
  let streams: ProbedStream[];
  try {
    const { stdout } = await run(
      tools.ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
      { timeout: toolTimeoutMs, killSignal: 'SIGKILL', maxBuffer: 8 * 1024 * 1024 },
    );
    streams = (JSON.parse(stdout) as { streams?: ProbedStream[] }).streams ?? [];
  } catch {
    throw new HttpError(422, [apiErrors.videoUnreadable]);
  }
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!video?.width || !video.height) throw new HttpError(422, [apiErrors.videoUnreadable]);
  const rotation =
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(video.tags?.rotate ?? 0);
  const sideways = Math.abs(rotation) % 180 === 90;
  return sideways ? { width: video.height, height: video.width } : { width: video.width, height: video.height };
}

/**
 * Copies the picture and sound into a new file of the same container with no metadata: global tags
 * (location, device, dates), chapters, and every data or subtitle stream (GPS telemetry tracks) are
 * left out. No re-encoding, so it is fast and lossless; MP4s get their index first (faststart) so
 * they start playing before they are fully downloaded.
 */
export async function cleanVideo(
  tools: VideoTools,
  input: string,
  output: string,
  format: 'mp4' | 'webm',
): Promise<CleanedVideo> {
  const size = await probeVideo(tools, input);
  const args = ['-v', 'error', '-nostdin', '-i', input, '-map', '0:V', '-map', '0:a?'];
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy', '-fflags', '+bitexact');
  if (format === 'mp4') args.push('-movflags', '+faststart');
  args.push('-f', format, '-y', output);
  try {
    await run(tools.ffmpegPath, args, { timeout: toolTimeoutMs, killSignal: 'SIGKILL' });
  } catch {
    throw new HttpError(422, [apiErrors.videoUnreadable]);
  }
  return size;
}

/**
 * Video is optional: photos need nothing but sharp, video needs the system's ffmpeg and ffprobe,
 * checked once at start. Answers why video uploads are off (one sentence for the log, saying how to
 * turn them on), or undefined when both programs run. Asked once per process and pair of paths:
 * installing ffmpeg takes a restart anyway (the log says so), and each asking starts both programs
 * (a test process builds many apps).
 */
export function videoToolsMissing(tools: VideoTools): Promise<string | undefined> {
  const key = `${tools.ffmpegPath}\0${tools.ffprobePath}`;
  let answer = toolsChecked.get(key);
  if (!answer) {
    answer = checkVideoTools(tools);
    toolsChecked.set(key, answer);
  }
  return answer;
}

const toolsChecked = new Map<string, Promise<string | undefined>>();

async function checkVideoTools(tools: VideoTools): Promise<string | undefined> {
  for (const [name, file, variable] of [
    ['ffmpeg', tools.ffmpegPath, 'FFMPEG_PATH'],
    ['ffprobe', tools.ffprobePath, 'FFPROBE_PATH'],
  ] as const) {
    try {
      await run(file, ['-version'], { timeout: 30_000 });
    } catch {
      return (
        `Video uploads are off: ${name} was not found (tried "${file}"). To turn them on, install ffmpeg from ` +
        `your system's packages (Debian/Ubuntu: apt-get install ffmpeg) or set ${variable} to its path, then ` +
        'restart Spotter. Photos work as usual.'
      );
    }
  }
  return undefined;
}
