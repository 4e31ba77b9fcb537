import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** What a GET of /media/<key> answers: status (200, 206, 304 or 416), headers and the bytes. */
export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body?: Readable;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Where cleaned uploads live: the local disk (DATA_DIR/media) or an S3-compatible bucket. Keys are
 * the names of modules/media/keys.ts; nothing else is written or deleted, so a shared bucket stays safe.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Moves a finished local file into the store; readers never see a partial file. */
  put(key: string, file: string, contentType: string): Promise<void>;
  /** The whole stored file, or undefined when there is none. */
  read(key: string): Promise<Readable | undefined>;
  /**
   * A browser's GET or HEAD of the file, Range (206/416) and, where the store knows them, ETag and
   * Last-Modified (304) applied; undefined when there is no such file.
   */
  serve(key: string, request: { method?: string; headers: IncomingHttpHeaders }): Promise<MediaAnswer | undefined>;
  /** Deleting a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file (for the sweep of files no row knows, and for tests). */
  list(): AsyncIterable<StoredFile>;
  /** Releases connections (the S3 client's sockets). */
  close(): void;
}
