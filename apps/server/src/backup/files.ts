import fs from 'node:fs';
import path from 'node:path';

/** Flushes a file or a directory entry list to disk, so a finished backup survives a power cut. */
export function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface TreeSize {
  files: number;
  bytes: number;
}

/** Copies a folder tree file by file (each flushed), keeping modes and times. */
export function copyTree(from: string, to: string): TreeSize {
  const size: TreeSize = { files: 0, bytes: 0 };
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      size.files += inner.files;
      size.bytes += inner.bytes;
    } else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      const stat = fs.statSync(source);
      fs.chmodSync(target, stat.mode & 0o777);
      fs.utimesSync(target, stat.atime, stat.mtime);
      fsyncPath(target);
      size.files += 1;
      size.bytes += stat.size;
    }
    // Anything else (sockets, links) is not media: left out on purpose.
  }
  fsyncPath(to);
  return size;
}

export function isEmptyOrMissing(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}
