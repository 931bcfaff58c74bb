// An image's file name carries a hash of its bytes. They were read whole, and `readFileSync`
// refuses a file over 2 GiB: a video beside a guide stopped the build with an internal error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileContentHash } from '../../../src/output/hash';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-file-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The first 10 hex digits of the file's SHA-256, by coreutils. */
const sha256sum = (file: string) => execFileSync('sha256sum', [file], { encoding: 'utf8' }).slice(0, 10);

describe("a file's content hash", () => {
  it('is the SHA-256 of its bytes, for a small file, an empty one and one of several pieces', () => {
    const files = { small: Buffer.from('<svg viewBox="0 0 10 10"/>'), empty: Buffer.alloc(0), pieces: Buffer.from(Array.from({ length: 3 * 2 ** 20 + 17 }, (_, i) => (i * 31) % 251)) };
    for (const [name, bytes] of Object.entries(files)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      expect(fileContentHash(file), name).toBe(sha256sum(file));
    }
  });

  it('reads a file over 2 GiB (sparse here: no disk used)', () => {
    const file = path.join(dir, 'flood-map.mp4');
    fs.writeFileSync(file, 'mp4');
    fs.truncateSync(file, 2 ** 31 + 5);
    expect(fileContentHash(file)).toBe(sha256sum(file));
  }, 120_000);
});
