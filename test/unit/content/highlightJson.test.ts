// JSON code blocks are highlighted by a linear scanner instead of highlight.js's engine; a reader
// must not see the difference: the HTML is the bytes highlight.js's json grammar writes.
import hljs from 'highlight.js/lib/core';
import json from 'highlight.js/lib/languages/json';
import { describe, expect, it } from 'vitest';
import { highlight } from '../../../src/content/plugins/highlight';
import { highlightJson } from '../../../src/content/plugins/highlightJson';

const reference = hljs.newInstance();
reference.registerLanguage('json', json);
const byHighlightJs = (code: string) => reference.highlight(code, { language: 'json', ignoreIllegals: true }).value;

/** A small deterministic generator, so a failure names a reproducible text. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}
const rnd = random(18);
const pick = <T,>(list: T[]): T => list[Math.floor(rnd() * list.length)];
const CHARS = ['a', 'Z', ' ', '"', '\\', '\n', '\r', '\t', '<', '>', '&', "'", 'é', '\u2028', '\u00a0', ':', ',', '{', '}', '[', ']', '/', '*', '1', '-', 'e', '.', '😀', '\u0000'];
const text = () => Array.from({ length: Math.floor(rnd() * 8) }, () => pick(CHARS)).join('');
function value(depth: number): unknown {
  const r = rnd();
  if (depth > 3 || r < 0.3) return pick<unknown>([text(), rnd() * 1e6 - 5e5, Math.floor(rnd() * 100), -0, 1e-7, 1.5e300, -2e-300, true, false, null]);
  if (r < 0.65) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 4) }, () => [text(), value(depth + 1)]));
}

describe('content/plugins/highlightJson', () => {
  it('colours keys, strings, numbers, literals and punctuation as highlight.js does', () => {
    expect(highlight('{"id": -1.5e+3, "ok": [true, null], "name": "<a & \'b\'>"}', 'json')).toBe(
      '<span class="hljs-punctuation">{</span><span class="hljs-attr">&quot;id&quot;</span><span class="hljs-punctuation">:</span> <span class="hljs-number">-1.5e+3</span><span class="hljs-punctuation">,</span> ' +
        '<span class="hljs-attr">&quot;ok&quot;</span><span class="hljs-punctuation">:</span> <span class="hljs-punctuation">[</span><span class="hljs-literal"><span class="hljs-keyword">true</span></span><span class="hljs-punctuation">,</span> <span class="hljs-literal"><span class="hljs-keyword">null</span></span><span class="hljs-punctuation">]</span><span class="hljs-punctuation">,</span> ' +
        '<span class="hljs-attr">&quot;name&quot;</span><span class="hljs-punctuation">:</span> <span class="hljs-string">&quot;&lt;a &amp; &#x27;b&#x27;&gt;&quot;</span><span class="hljs-punctuation">}</span>',
    );
  });

  it('leaves what is not plain JSON to highlight.js (a comment keeps its colour)', () => {
    const code = '{\n  // the id\n  "id": 1\n}';
    expect(highlightJson(code)).toBeUndefined();
    expect(highlight(code, 'json')).toContain('<span class="hljs-comment">// the id</span>');
  });

  it('writes the bytes of highlight.js for 3,000 generated documents and 3,000 broken ones', () => {
    const documents = Array.from({ length: 3000 }, () => JSON.stringify(value(0), null, rnd() < 0.5 ? 2 : undefined));
    // Cut short (a long example is cut at a line or a byte count) or with a stray character.
    const broken = documents.map((d, i) => {
      const at = Math.floor(rnd() * (d.length + 1));
      return i % 2 ? d.slice(0, at) : d.slice(0, at) + pick(CHARS) + d.slice(at);
    });
    let scanned = 0;
    for (const code of [...documents, ...broken, '', '01', '1.', '-', 'truex', '"a" :1', '"a"\u00a0:1', '{"a\\\u2028": 1}', '"open', '"\\']) {
      if (highlightJson(code) !== undefined) scanned++;
      expect(highlight(code, 'json'), JSON.stringify(code)).toBe(byHighlightJs(code));
    }
    // The fast path is the one taken for what JSON.stringify writes.
    expect(documents.every((d) => highlightJson(d) !== undefined)).toBe(true);
    expect(scanned).toBeGreaterThan(3000);
  });
});
