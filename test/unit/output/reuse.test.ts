// An unchanged file of the replaced output is linked into the new one; anything else there (other
// bytes, a link, a file with a second name, a pipe) is written over, never shared or waited on.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOrLink, writeOrLinkSoon, type LinkState } from '../../../src/output/reuse';

function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-reuse-'));
  fs.mkdirSync(path.join(root, 'old'));
  fs.mkdirSync(path.join(root, 'new'));
  return { root, old: (name: string) => path.join(root, 'old', name), target: (name: string) => path.join(root, 'new', name) };
}

const PAGE = '<!DOCTYPE html><p>Flood zone AE</p>';

// The pages are written by the render threads (writeOrLink), the search index's files in the background (writeOrLinkSoon).
const variants: [string, (...args: Parameters<typeof writeOrLink>) => Promise<void> | void][] = [
  ['writeOrLink', writeOrLink],
  ['writeOrLinkSoon', writeOrLinkSoon],
];

describe.each(variants)('output/reuse %s', (_name, place) => {
  it('links a file whose bytes are the same, as text or as bytes', async () => {
    const f = folders();
    fs.writeFileSync(f.old('a.html'), PAGE);
    fs.writeFileSync(f.old('b.html'), PAGE);
    await place(f.target('a.html'), PAGE, f.old('a.html'), {});
    await place(f.target('b.html'), Buffer.from(PAGE), f.old('b.html'), {});
    for (const name of ['a.html', 'b.html']) {
      expect(fs.statSync(f.target(name)).ino).toBe(fs.statSync(f.old(name)).ino);
      expect(fs.readFileSync(f.target(name), 'utf8')).toBe(PAGE);
    }
  });

  it('compares a file larger than one read: the same bytes are linked, one byte changed at its end is written', async () => {
    const f = folders();
    const large = `${PAGE}${'<p>Zone AE, parcel 12-0041-07.</p>'.repeat(3000)}</body>`;
    fs.writeFileSync(f.old('same.html'), large);
    fs.writeFileSync(f.old('last.html'), `${large.slice(0, -1)}!`);
    await place(f.target('same.html'), large, f.old('same.html'), {});
    await place(f.target('last.html'), large, f.old('last.html'), {});
    expect(fs.statSync(f.target('same.html')).ino).toBe(fs.statSync(f.old('same.html')).ino);
    expect(fs.statSync(f.target('last.html')).ino).not.toBe(fs.statSync(f.old('last.html')).ino);
    expect(fs.readFileSync(f.target('last.html'), 'utf8')).toBe(large);
  });

  it('writes a new file when the old one differs, is missing, or cannot be trusted', async () => {
    const f = folders();
    fs.writeFileSync(f.old('changed.html'), PAGE.replace('AE', 'X'));
    fs.writeFileSync(f.old('longer.html'), `${PAGE}\n<!-- added by hand -->`);
    // A link to a file outside with the very bytes: the link is not followed, nothing is shared with that file.
    fs.writeFileSync(path.join(f.root, 'mine.html'), PAGE);
    fs.symlinkSync(path.join(f.root, 'mine.html'), f.old('symlink.html'));
    // A file with a second name elsewhere: linking it would share the new page with that name.
    fs.writeFileSync(f.old('twice.html'), PAGE);
    fs.linkSync(f.old('twice.html'), path.join(f.root, 'second-name.html'));
    // A named pipe: reading it would wait for a writer forever.
    expect(spawnSync('mkfifo', [f.old('pipe.html')]).status).toBe(0);
    for (const name of ['changed.html', 'longer.html', 'missing.html', 'symlink.html', 'twice.html', 'pipe.html']) {
      await place(f.target(name), PAGE, f.old(name), {});
      const made = fs.lstatSync(f.target(name));
      expect(made.isFile(), name).toBe(true);
      expect(made.nlink, name).toBe(1);
      expect(fs.readFileSync(f.target(name), 'utf8'), name).toBe(PAGE);
    }
    expect(fs.readFileSync(path.join(f.root, 'mine.html'), 'utf8')).toBe(PAGE);
    expect(fs.statSync(path.join(f.root, 'second-name.html')).nlink).toBe(2);
  });
});

describe('output/reuse writeOrLink', () => {
  it('writes every file once linking fails for good (another file system), without trying again', () => {
    const f = folders();
    fs.writeFileSync(f.old('a.html'), PAGE);
    fs.writeFileSync(f.old('b.html'), PAGE);
    const state: LinkState = {};
    const link = fs.linkSync;
    let tries = 0;
    fs.linkSync = () => {
      tries++;
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    };
    try {
      writeOrLink(f.target('a.html'), PAGE, f.old('a.html'), state);
      writeOrLink(f.target('b.html'), PAGE, f.old('b.html'), state);
    } finally {
      fs.linkSync = link;
    }
    expect(tries).toBe(1);
    expect(state.unlinkable).toBe(true);
    for (const name of ['a.html', 'b.html']) expect(fs.statSync(f.target(name)).ino).not.toBe(fs.statSync(f.old(name)).ino);
    expect(fs.readFileSync(f.target('b.html'), 'utf8')).toBe(PAGE);
  });
});
