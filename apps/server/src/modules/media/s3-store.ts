import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaStoreConfig } from '../../config';
import { contentTypeOfKey, immutableCaching, isMediaKey, isStoreKey } from './keys';
import type { MediaAnswer, MediaStore, StoredFile } from './store';

type S3Config = Extract<MediaStoreConfig, { kind: 's3' }>;

/** Objects live under this folder of the bucket; MEDIA_PUBLIC_URL points at it. */
const prefix = 'media/';

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** Any S3-compatible bucket (AWS, MinIO, Garage, R2, ...): several app servers can share it. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // @NOTE The SDK's default streams uploads as aws-chunked with a trailing checksum, which many
      // S3-compatible servers store as is (the file comes back wrapped in chunk headers). Checksums
      // only where the API requires them works with AWS and with those servers alike.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    if (!isStoreKey(key)) throw new Error(`not a media key: ${key}`);
    return `${prefix}${key}`;
  }

  async put(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: immutableCaching,
      }),
    );
    await fsp.rm(file, { force: true });
  }

  async read(key: string): Promise<Readable | undefined> {
    const answer = await this.serve(key, { headers: {} });
    return answer?.body;
  }

  /** The bucket applies the Range header itself (206, or 416 past the end). */
  async serve(key: string, request: { headers: IncomingHttpHeaders }): Promise<MediaAnswer | undefined> {
    const Key = this.objectKey(key);
    const { range } = request.headers;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key, ...(range ? { Range: range } : {}) }),
      );
      const headers: Record<string, string> = { 'accept-ranges': 'bytes', 'content-type': contentTypeOfKey(key) };
      if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      return {
        status: object.ContentRange ? 206 : 200,
        headers,
        body: object.Body instanceof Readable ? object.Body : undefined,
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return undefined;
      if (status !== 416) throw error;
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { status: 416, headers: { 'content-range': `bytes */${head.ContentLength ?? 0}` } };
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<StoredFile> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length) ?? '';
        if (isMediaKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  close() {
    this.client.destroy();
  }
}
