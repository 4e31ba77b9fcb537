import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';
import { isMediaKey, isStoreKey } from './keys';
import type { MediaAnswer, MediaStore, StoredFile } from './store';

/** Files in one folder (DATA_DIR/media by default), served by this server under /media. */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private pathOf(key: string): string {
    // Keys are generated, but a path never leaves the folder even if a caller passes something else.
    if (!isStoreKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    // Cached remote files have a folder of their own (keys.ts), made when the first one arrives.
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another disk: copy under a hidden name first, so the file appears whole or not at all.
      const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
      await fsp.copyFile(file, partial);
      await fsp.rename(partial, target);
      await fsp.rm(file, { force: true });
    }
  }

  async read(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file);
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Range, ETag and conditional requests by @fastify/send (what @fastify/static serves files with). */
  async serve(
    key: string,
    request: { method?: string; headers: IncomingHttpHeaders },
  ): Promise<MediaAnswer | undefined> {
    this.pathOf(key);
    const sent = await send(request as unknown as Parameters<typeof send>[0], `/${key}`, {
      root: this.dir,
      dotfiles: 'deny',
      index: false,
      cacheControl: false,
    });
    if (sent.type !== 'error') return { status: sent.statusCode, headers: sent.headers, body: sent.stream };
    if (sent.statusCode === 404) return undefined;
    if (sent.statusCode === 416)
      return { status: 416, headers: { 'content-range': sent.headers['Content-Range'] ?? '' } };
    throw (sent.metadata as { error: Error }).error;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    for (const name of await fsp.readdir(this.dir)) {
      if (!isMediaKey(name)) continue;
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => undefined);
      if (stat) yield { key: name, modifiedAt: stat.mtime };
    }
  }

  close() {}
}
