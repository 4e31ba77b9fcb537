import type { MediaStoreConfig } from '../../config';
import { LocalMediaStore } from './local-store';
import type { MediaStore } from './store';

/** The S3 driver (and the AWS SDK behind it) is loaded only when it is configured. */
export async function createMediaStore(config: MediaStoreConfig): Promise<MediaStore> {
  if (config.kind === 'local') return new LocalMediaStore(config.dir);
  const { S3MediaStore } = await import('./s3-store');
  return new S3MediaStore(config);
}
