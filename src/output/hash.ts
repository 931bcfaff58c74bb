import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** Short content hash for cache-busting file names. */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/** A piece of a file at a time, for fileContentHash (one per thread: the reads are synchronous). */
let piece: Buffer | undefined;

/**
 * contentHash of a file's bytes, read a piece at a time: `readFileSync` refuses a file over 2 GB
 * (a video beside a guide stopped the build with an internal error), and holds all of it.
 */
export function fileContentHash(file: string): string {
  const hash = createHash('sha256');
  piece ??= Buffer.allocUnsafe(2 ** 20);
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, piece); n > 0; n = fs.readSync(fd, piece)) hash.update(piece.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex').slice(0, 10);
}
