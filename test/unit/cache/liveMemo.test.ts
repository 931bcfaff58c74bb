// serve --watch's memo: values handed back as they were kept, entries read from a file dropped
// when the watcher says the file changed, and the entries a build did not use dropped after it.
import { describe, expect, it } from 'vitest';
import { LiveMemo } from '../../../src/cache/liveMemo';

describe('LiveMemo', () => {
  it('hands back the very value it was given: a stage may keep objects the next build finds by identity', () => {
    const memo = new LiveMemo();
    const value = { pages: [{ route: '/guides/a' }], pending: Promise.resolve([]) };
    memo.set('site', 'k1', value);
    expect(memo.get('site', 'k1')).toBe(value);
    expect(memo.get('site', 'k2')).toBeUndefined();
    expect(memo.get('other-stage', 'k1')).toBeUndefined();
  });

  it('drops, after a build, the entries that build neither read, wrote nor marked as used', () => {
    const memo = new LiveMemo();
    memo.set('page', 'kept-by-get', 1);
    memo.set('page', 'kept-by-use', 2);
    memo.set('page', 'left', 3);
    memo.finish();
    // The next build: it reads one entry and marks another (as the render threads' entries are).
    memo.get('page', 'kept-by-get');
    memo.use('page', 'kept-by-use');
    memo.set('page', 'new', 4);
    memo.finish();
    expect(memo.get('page', 'kept-by-get')).toBe(1);
    expect(memo.get('page', 'kept-by-use')).toBe(2);
    expect(memo.get('page', 'new')).toBe(4);
    expect(memo.get('page', 'left')).toBeUndefined();
    expect(memo.size).toBe(3);
  });

  it('forgets what was read from a file once told the file changed, and nothing else', () => {
    const memo = new LiveMemo();
    memo.set('guide-files', '/site/content/a.md', { title: 'A' }, ['/site/content/a.md']);
    memo.set('guide-files', '/site/content/b.md', { title: 'B' }, ['/site/content/b.md']);
    memo.set('spec-file', '/site/openapi.yaml', { text: 'openapi: 3.1.0' }, ['/site/openapi.yaml']);
    memo.set('page', 'by-content', '<html>');
    memo.changed(['/site/content/a.md', '/site/unrelated.txt']);
    expect(memo.get('guide-files', '/site/content/a.md')).toBeUndefined();
    expect(memo.get('guide-files', '/site/content/b.md')).toEqual({ title: 'B' });
    expect(memo.get('spec-file', '/site/openapi.yaml')).toEqual({ text: 'openapi: 3.1.0' });
    expect(memo.get('page', 'by-content')).toBe('<html>');
    // Made again from the new file, it is dropped again by the next change.
    memo.set('guide-files', '/site/content/a.md', { title: 'A2' }, ['/site/content/a.md']);
    memo.changed(['/site/content/a.md']);
    expect(memo.get('guide-files', '/site/content/a.md')).toBeUndefined();
  });

  it('says which files it was told changed until a build succeeds: a failed build leaves them for the next', () => {
    const memo = new LiveMemo();
    memo.changed(['/site/content/a.md']);
    memo.changed(['/site/content/new.md', '/site/content/a.md']);
    expect(memo.changedFiles).toEqual(['/site/content/a.md', '/site/content/new.md', '/site/content/a.md']);
    // A build that fails does not finish: the next one still sees every change.
    memo.changed(['/site/content/b.md']);
    expect(memo.changedFiles).toContain('/site/content/new.md');
    memo.finish();
    expect(memo.changedFiles).toEqual([]);
  });

  it('keeps a whole stage past a build that took its entries without reading them, and sweeps it again after the next', () => {
    const memo = new LiveMemo();
    memo.set('guide-files', '/site/content/a.md', { title: 'A' });
    memo.set('guide-files', '/site/content/b.md', { title: 'B' });
    memo.set('page', 'old', '<html>');
    memo.finish();
    memo.keepStage('guide-files');
    memo.finish();
    expect(memo.get('guide-files', '/site/content/a.md')).toEqual({ title: 'A' });
    expect(memo.get('page', 'old')).toBeUndefined();
    // The next build reads only a.md and keeps nothing whole: b.md goes.
    memo.finish();
    expect(memo.get('guide-files', '/site/content/b.md')).toBeUndefined();
    expect(memo.get('guide-files', '/site/content/a.md')).toEqual({ title: 'A' });
  });
});
