// An unchanged file of the replaced output is linked into the new one; anything else there (other
// bytes, a link, a file with a second name, a pipe) is written over, never shared or waited on.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { DiskMemo, entryFile } from '../../../src/cache/diskMemo';
import { writeOrLink, type LinkState } from '../../../src/output/reuse';

function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-reuse-'));
  fs.mkdirSync(path.join(root, 'old'));
  fs.mkdirSync(path.join(root, 'new'));
  return { root, old: (name: string) => path.join(root, 'old', name), target: (name: string) => path.join(root, 'new', name) };
}

const PAGE = '<!DOCTYPE html><p>Flood zone AE</p>';

describe('output/reuse', () => {
  const place = writeOrLink;
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

// A build with the cache: the output's files other than pages are kept in it by their bytes
// (DiskMemo.fileStore), and a later build links them from there into its own fresh folder.
describe('output/reuse with the build cache', () => {
  const place = writeOrLink;
  const INDEX = '{"v":1,"pages":3,"fragments":"f/0a1b2c3d4e/"}';
  const setup = () => {
    const f = folders();
    const cacheDir = path.join(f.root, 'cache');
    const build = (out: string) => {
      fs.mkdirSync(path.join(f.root, out), { recursive: true });
      const memo = new DiskMemo(cacheDir);
      return { memo, store: memo.fileStore(), file: (name: string) => path.join(f.root, out, name) };
    };
    const kept = (content: string) => entryFile(cacheDir, 'site-file', crypto.createHash('sha1').update(content).digest('hex'));
    return { f, build, kept };
  };

  it('keeps a file it writes, and a later build into a fresh folder links it from there', async () => {
    const { build, kept } = setup();
    const first = build('first');
    await place(first.file('manifest.json'), INDEX, undefined, {}, first.store);
    expect(fs.statSync(first.file('manifest.json')).ino).toBe(fs.statSync(kept(INDEX)).ino);
    const second = build('second');
    await place(second.file('manifest.json'), Buffer.from(INDEX), undefined, {}, second.store);
    expect(fs.statSync(second.file('manifest.json')).ino).toBe(fs.statSync(kept(INDEX)).ino);
    expect(fs.readFileSync(second.file('manifest.json'), 'utf8')).toBe(INDEX);
    expect(second.memo.corrupt).toBe(0);
  });

  it('gives a second file of the same bytes in one build a copy of its own: editing one never edits the other', async () => {
    const { build, kept } = setup();
    const one = build('one');
    await place(one.file('a.md'), PAGE, undefined, {}, one.store);
    await place(one.file('b.md'), PAGE, undefined, {}, one.store);
    expect(fs.statSync(one.file('a.md')).ino).toBe(fs.statSync(kept(PAGE)).ino);
    expect(fs.statSync(one.file('b.md')).nlink).toBe(1);
    expect(fs.readFileSync(one.file('b.md'), 'utf8')).toBe(PAGE);
  });

  it("finds a kept file edited in place through an output, writes the file's bytes, and keeps them anew", async () => {
    const { build, kept } = setup();
    const first = build('first');
    await place(first.file('sitemap.xml'), INDEX, undefined, {}, first.store);
    await place(first.file('llms.txt'), PAGE, undefined, {}, first.store);
    // A deploy step edits both output files in place: one appended to, one changed at the same length.
    fs.appendFileSync(first.file('sitemap.xml'), '<!-- deployed -->');
    fs.writeFileSync(first.file('llms.txt'), PAGE.replace('AE', 'VE'));
    const second = build('second');
    await place(second.file('sitemap.xml'), INDEX, undefined, {}, second.store);
    await place(second.file('llms.txt'), PAGE, undefined, {}, second.store);
    expect(second.memo.corrupt).toBe(2);
    expect(second.memo.changedShared).toBe(2);
    for (const [name, content] of [['sitemap.xml', INDEX], ['llms.txt', PAGE]]) {
      expect(fs.readFileSync(second.file(name), 'utf8'), name).toBe(content);
      expect(fs.readFileSync(kept(content), 'utf8'), name).toBe(content);
      expect(fs.statSync(kept(content)).ino, name).toBe(fs.statSync(second.file(name)).ino);
    }
    // The first output keeps the edits made to it.
    expect(fs.readFileSync(first.file('sitemap.xml'), 'utf8')).toBe(`${INDEX}<!-- deployed -->`);
  });

  it('does not follow a kept file that is a symbolic link, and writes every file when the cache cannot be linked to', async () => {
    const { f, build, kept } = setup();
    const first = build('first');
    fs.mkdirSync(path.dirname(kept(PAGE)), { recursive: true });
    fs.writeFileSync(path.join(f.root, 'elsewhere.html'), PAGE);
    fs.symlinkSync(path.join(f.root, 'elsewhere.html'), kept(PAGE));
    await place(first.file('a.html'), PAGE, undefined, {}, first.store);
    expect(fs.lstatSync(kept(PAGE)).isSymbolicLink()).toBe(false);
    expect(fs.statSync(first.file('a.html')).ino).toBe(fs.statSync(kept(PAGE)).ino);
    expect(fs.statSync(path.join(f.root, 'elsewhere.html')).nlink).toBe(1);

    const apart = build('apart');
    apart.store.links.unlinkable = true; // another file system
    await place(apart.file('index.json'), INDEX, undefined, {}, apart.store);
    expect(fs.readFileSync(apart.file('index.json'), 'utf8')).toBe(INDEX);
    expect(fs.existsSync(kept(INDEX))).toBe(false);
  });

  it('writes the file all the same when it cannot be kept (the cache folder cannot be made)', async () => {
    const { f } = setup();
    // A file where the store's folder should be: every mkdir under it fails (ENOTDIR), even as root.
    const blocked = path.join(f.root, 'blocked');
    fs.writeFileSync(blocked, 'not a folder');
    let changed = 0;
    const store = { fileOf: (digest: string) => path.join(blocked, digest.slice(0, 2), digest), claim: () => true, changed: () => changed++, links: {} };
    await place(f.target('sitemap.xml'), INDEX, undefined, {}, store);
    expect(fs.readFileSync(f.target('sitemap.xml'), 'utf8')).toBe(INDEX);
    expect(fs.statSync(f.target('sitemap.xml')).nlink).toBe(1);
    expect(changed).toBe(0);
  });
});
