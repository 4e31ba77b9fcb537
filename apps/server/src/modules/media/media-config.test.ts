import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testVideoTools } from '../../../tests/helpers/video-tools';
import { ConfigError, envToConfig } from '../../config';
import { keyOfMediaUrl } from './keys';
import { videoToolsMissing } from './video';

describe('media configuration', () => {
  it('defaults to the local store in DATA_DIR/media, 15 MB photos and 50 MB videos, served from /media', () => {
    const { media } = envToConfig({ DATA_DIR: '/srv/spotter' });
    expect(media).toMatchObject({
      store: { kind: 'local', dir: path.resolve('/srv/spotter/media') },
      publicUrl: '/media',
      maxImageBytes: 15 * 1024 * 1024,
      maxVideoBytes: 50 * 1024 * 1024,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
    });
  });

  it('reads the S3 store and the limits from the environment', () => {
    const { media } = envToConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'gym-media',
      S3_ENDPOINT: 'https://s3.example.net/',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
      MEDIA_PUBLIC_URL: 'https://cdn.example.net/media/',
      MEDIA_MAX_IMAGE_MB: '8',
      MEDIA_MAX_VIDEO_MB: '100',
    });
    expect(media).toMatchObject({
      store: {
        kind: 's3',
        bucket: 'gym-media',
        endpoint: 'https://s3.example.net',
        region: 'eu-west-3',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'not-a-real-secret' },
      },
      publicUrl: 'https://cdn.example.net/media',
      maxImageBytes: 8 * 1024 * 1024,
      maxVideoBytes: 100 * 1024 * 1024,
    });
  });

  it('stops with a sentence naming the variable when the media settings are wrong', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ MEDIA_STORE: 's3' }, /S3_BUCKET: is required when MEDIA_STORE=s3/],
      [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' }, /S3_SECRET_ACCESS_KEY: set both/],
      [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE/],
      [{ MEDIA_MAX_IMAGE_MB: '0' }, /MEDIA_MAX_IMAGE_MB: must be a number of megabytes above 0/],
      [{ MEDIA_MAX_VIDEO_MB: 'lots' }, /MEDIA_MAX_VIDEO_MB/],
      [{ MEDIA_PUBLIC_URL: 'cdn.example.net' }, /MEDIA_PUBLIC_URL: must be an absolute http\(s\) URL/],
    ];
    for (const [env, message] of cases) {
      expect(() => envToConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => envToConfig(env)).toThrow(message);
    }
  });
});

describe('media URLs', () => {
  const key = '0b6f1c7e-3a55-4a8e-9d42-1f0e2d3c4b5a.webp';

  it('knows its own files under the public URL and under /media', () => {
    expect(keyOfMediaUrl('/media', `/media/${key}`)).toBe(key);
    expect(keyOfMediaUrl('https://cdn.example.net/m', `https://cdn.example.net/m/${key}`)).toBe(key);
    expect(keyOfMediaUrl('https://cdn.example.net/m', `/media/${key}`)).toBe(key);
  });

  it('names no key for other URLs or names that are not generated keys', () => {
    for (const url of [`https://elsewhere.example/media/${key}`, '/media/../spotter.db', `/media/x${key}`, '/media/']) {
      expect(keyOfMediaUrl('/media', url), url).toBeUndefined();
    }
  });
});

describe('ffmpeg at start', () => {
  it('turns video off with one sentence saying how to turn it on when ffmpeg is missing', async () => {
    const why = await videoToolsMissing({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: testVideoTools.ffprobePath });
    expect(why).toBe(
      'Video uploads are off: ffmpeg was not found (tried "/nonexistent/ffmpeg"). To turn them on, install ffmpeg ' +
        "from your system's packages (Debian/Ubuntu: apt-get install ffmpeg) or set FFMPEG_PATH to its path, then " +
        'restart Spotter. Photos work as usual.',
    );
  });

  it('names ffprobe when it is the one missing', async () => {
    const why = await videoToolsMissing({ ffmpegPath: testVideoTools.ffmpegPath, ffprobePath: '/nonexistent/ffprobe' });
    expect(why).toMatch(/^Video uploads are off: ffprobe was not found .*FFPROBE_PATH/);
  });

  it('keeps video on when ffmpeg and ffprobe run', async () => {
    await expect(videoToolsMissing(testVideoTools)).resolves.toBeUndefined();
  });
});
