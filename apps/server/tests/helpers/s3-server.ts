import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaStoreConfig } from '../../src/config';

export interface LocalS3 {
  store: Extract<MediaStoreConfig, { kind: 's3' }>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, for the S3 store's tests.
 * TEST_S3_PORT picks its port; by default the system gives a free one.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-s3-'));
  const bucket = 'spotter-media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(process.env.TEST_S3_PORT ?? 0),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    store: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed development keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
