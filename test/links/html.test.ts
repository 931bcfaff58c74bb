import { describe, expect, it } from 'vitest';
import { lineIndex, scanHtml } from '../../src/links/html';

describe('links/html', () => {
  it('finds link and asset URLs with their offsets, and every id', () => {
    const html = '<a href="/a#x">A</a>\n<img src=\'/i.svg\' id="pic">\n<link rel="stylesheet" href="/s.css"><p id=top name=n></p><a name="legacy"></a>';
    const { refs, ids } = scanHtml(html);
    expect(refs.map((r) => [r.tag, r.value, html.slice(r.offset, r.offset + r.value.length), r.rel])).toEqual([
      ['a', '/a#x', '/a#x', undefined],
      ['img', '/i.svg', '/i.svg', undefined],
      ['link', '/s.css', '/s.css', 'stylesheet'],
    ]);
    expect([...ids].sort()).toEqual(['legacy', 'pic', 'top']);
  });

  it('skips comments and the bodies of script, style and template, and decodes references', () => {
    const html = '<!-- <a href="/c"> --><script>var s = \'<a href="/s">\';</script><style>a[href="/x"]{}</style><template><a href="/t"></a></template><a href="/q?a=1&amp;b=2">q</a>';
    expect(scanHtml(html).refs.map((r) => r.value)).toEqual(['/q?a=1&b=2']);
  });

  it('reads attributes containing ">" inside quotes', () => {
    expect(scanHtml('<a title="a > b" href="/ok">x</a>').refs.map((r) => r.value)).toEqual(['/ok']);
  });

  it('ends a tag where a browser does: quotes count around a value only, and a tag the page ends inside is dropped', () => {
    // An apostrophe in an attribute's name or unquoted value does not swallow the rest of the page.
    expect(scanHtml('<p data-x=it\'s>x</p><a href="/after">a</a>').refs.map((r) => r.value)).toEqual(['/after']);
    expect(scanHtml('<a href="/a"title="t" id=x>a</a>').refs.map((r) => r.value)).toEqual(['/a']);
    expect([...scanHtml('<a href="/a"title="t" id=x>a</a>').ids]).toEqual(['x']);
    expect(scanHtml('<a href="/a">a</a><a href="/cut').refs.map((r) => r.value)).toEqual(['/a']);
    // A raw-text element's body is skipped up to its own end tag, whatever its case.
    expect(scanHtml('<title>a <a href="/no"></TITLE ><a href="/yes">').refs.map((r) => r.value)).toEqual(['/yes']);
  });

  it('maps offsets to 1-based line and column', () => {
    const at = lineIndex('ab\ncd\n\nef');
    expect(at(0)).toEqual({ line: 1, column: 1 });
    expect(at(4)).toEqual({ line: 2, column: 2 });
    expect(at(7)).toEqual({ line: 4, column: 1 });
  });
});
