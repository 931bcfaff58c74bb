// serve --watch tells the browser which pages changed from the difference of two builds in
// memory (serve/watch.ts diffBuilds): the pages a reader has open reload or update only when theirs is named.
import { describe, expect, it } from 'vitest';
import { diffBuilds } from '../../../src/serve/watch';
import type { OutputFiles } from '../../../src/output/write';

const site = (): OutputFiles =>
  new Map<string, string | Uint8Array>([
    ['index.html', '<link href="/assets/css/site-aaaa1111.css"><h1>Home</h1>'],
    ['guides/zoning/index.html', '<link href="/assets/css/site-aaaa1111.css"><h1>Zoning</h1>'],
    ['guides/zoning.md', '# Zoning'],
    ['assets/css/site-aaaa1111.css', 'body{}'],
    ['guides/permits/index.html', '<h1>Permits</h1>'],
  ]);

describe('diffBuilds', () => {
  it('names no page when the next build has the same files, as the same or as new strings', () => {
    const before = site();
    expect(diffBuilds(before, new Map(before), '/')).toEqual({ html: [], stylesheetHref: undefined });
    expect(diffBuilds(before, site(), '/').html).toEqual([]);
  });

  it('names a page whose HTML changed, one added and one removed, also when the count of files stays the same', () => {
    const before = site();
    const next = new Map(before);
    next.set('guides/zoning/index.html', '<link href="/assets/css/site-aaaa1111.css"><h1>Zoning rules</h1>');
    next.delete('guides/permits/index.html');
    next.set('guides/fees/index.html', '<h1>Fees</h1>');
    expect(diffBuilds(before, next, '/').html).toEqual(['guides/fees/index.html', 'guides/permits/index.html', 'guides/zoning/index.html']);
  });

  it('names a page removed from the end, and one whose place changed along with its text', () => {
    const before = site();
    const next = new Map([...before].reverse());
    next.set('index.html', '<link href="/assets/css/site-aaaa1111.css"><h1>Welcome</h1>');
    next.delete('guides/permits/index.html');
    expect(diffBuilds(before, next, '/').html).toEqual(['guides/permits/index.html', 'index.html']);
  });

  it('passes over pages whose only change is the new stylesheet name, and gives the new stylesheet', () => {
    const before = site();
    const next: OutputFiles = new Map();
    for (const [file, content] of before) {
      if (file.endsWith('.css')) next.set('assets/css/site-bbbb2222.css', 'body{color:red}');
      else next.set(file, typeof content === 'string' ? content.replace('site-aaaa1111', 'site-bbbb2222') : content);
    }
    expect(diffBuilds(before, next, '/docs/')).toEqual({ html: [], stylesheetHref: '/docs/assets/css/site-bbbb2222.css' });
  });
});
