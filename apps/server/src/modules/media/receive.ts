import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import { acceptedImageTypes, acceptedVideoTypes, apiErrors, routes } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { MediaConfig } from '../../config';
import { HttpError } from '../../errors';

export type AcceptedMime = (typeof acceptedImageTypes)[number] | (typeof acceptedVideoTypes)[number];

export interface ReceivedFile {
  /** A temporary file the caller must remove. */
  path: string;
  mime: AcceptedMime;
  kind: 'image' | 'video';
  bytes: number;
  /** The form's text fields, before and after the file (the client API reads `description`). */
  fields: Readonly<Record<string, string>>;
}

/** A multipart part's text fields by name (the first value of a repeated one). */
function textFields(parts: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, entry] of Object.entries(parts)) {
    const first = (Array.isArray(entry) ? entry[0] : entry) as { type?: string; value?: unknown } | undefined;
    if (first?.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  return fields;
}

/** What file-type needs to recognise every format we accept. */
const sniffBytes = 4100;

function kindOf(mime: string | undefined): 'image' | 'video' | undefined {
  if ((acceptedImageTypes as readonly string[]).includes(mime ?? '')) return 'image';
  if ((acceptedVideoTypes as readonly string[]).includes(mime ?? '')) return 'video';
  return undefined;
}

/**
 * Passes the upload through while deciding its type from its first bytes (magic numbers, never the
 * name or the client's Content-Type) and counting: a wrong type or one byte over the type's limit
 * fails the stream at once, so a refused upload is never read, nor written, to its end.
 */
class UploadInspector extends Transform {
  mime: AcceptedMime | undefined;
  kind: 'image' | 'video' | undefined;
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly limits: { image: number; video: number },
    private readonly videoUploads: boolean,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.kind) return done(this.checkSize(), chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < sniffBytes) return done();
    this.decide().then(() => done(null, this.releaseHead()), done);
  }

  override _flush(done: TransformCallback) {
    if (this.kind) return done();
    if (this.bytes === 0) return done(new HttpError(400, [apiErrors.emptyFile]));
    this.decide().then(() => done(null, this.releaseHead()), done);
  }

  private releaseHead(): Buffer {
    const head = Buffer.concat(this.head);
    this.head = [];
    return head;
  }

  private async decide() {
    const detected = await fileTypeFromBuffer(Buffer.concat(this.head));
    const kind = kindOf(detected?.mime);
    if (!kind) throw new HttpError(415, [apiErrors.unsupportedFileType]);
    if (kind === 'video' && !this.videoUploads) throw new HttpError(415, [apiErrors.videoUploadsOff]);
    this.mime = detected?.mime as AcceptedMime;
    this.kind = kind;
    const tooLarge = this.checkSize();
    if (tooLarge) throw tooLarge;
  }

  tooLargeError() {
    return new HttpError(413, [this.kind === 'video' ? apiErrors.videoTooLarge : apiErrors.imageTooLarge]);
  }

  private checkSize(): HttpError | null {
    const limit = this.kind === 'video' ? this.limits.video : this.limits.image;
    return this.bytes > limit ? this.tooLargeError() : null;
  }
}

/** The multipart plugin's own refusals, and busboy's errors on a malformed body, as contract answers. */
function asUploadError(error: unknown, inspector: UploadInspector): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return inspector.tooLargeError();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, [apiErrors.noFile]);
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return error;
  // Busboy: "Unexpected end of form", "Malformed part header", ... the client sent a broken body.
  if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message)) {
    return new HttpError(400, [apiErrors.malformedUpload]);
  }
  return error;
}

/**
 * Streams the request's file (the multipart field the route table names) to a temporary file, refusing as
 * it goes: no file 400, empty 400, wrong type (or a video on a server without ffmpeg) 415, too large 413.
 * Nothing is left behind when it refuses.
 */
export async function receiveUpload(
  request: FastifyRequest,
  config: MediaConfig,
  videoUploads: boolean,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new HttpError(400, [apiErrors.noFile]);
  const inspector = new UploadInspector({ image: config.maxImageBytes, video: config.maxVideoBytes }, videoUploads);
  const largest = Math.max(config.maxImageBytes, config.maxVideoBytes);
  await fsp.mkdir(config.tmpDir, { recursive: true });
  const tmpPath = path.join(config.tmpDir, `${crypto.randomUUID()}.upload`);
  let sink: fs.WriteStream | undefined;
  try {
    const part = await request.file({
      limits: { fileSize: largest + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
    });
    if (!part || part.fieldname !== routes.uploadMedia.fileField) throw new HttpError(400, [apiErrors.noFile]);
    sink = fs.createWriteStream(tmpPath, { flags: 'wx' });
    await pipeline(part.file, inspector, sink);
    if (!inspector.kind || !inspector.mime) throw new HttpError(415, [apiErrors.unsupportedFileType]);
    // Fields may follow the file (masto.js sends `description` after it): the parser fills `fields`
    // as it reads, so the body is read to its end first.
    await finished(request.raw);
    return {
      path: tmpPath,
      mime: inspector.mime,
      kind: inspector.kind,
      bytes: inspector.bytes,
      fields: textFields(part.fields as Record<string, unknown>),
    };
  } catch (error) {
    // The file is opened asynchronously: a refusal in the first bytes (an empty file) can come before
    // the open does, and removing it then would leave the file the open makes after. Its stream closes
    // only once it is open (or failed to open); it may emit the refusal as an error on the way.
    const open = sink;
    if (open && !open.closed) await new Promise<void>((resolve) => open.once('close', () => resolve()));
    await fsp.rm(tmpPath, { force: true });
    throw asUploadError(error, inspector);
  }
}
