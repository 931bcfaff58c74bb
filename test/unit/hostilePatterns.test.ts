// Spec and guide text built to make docsgen's regular expressions backtrack: a pattern tried
// from every position of a long run that scans on to its end costs the run's length squared.
// Each input below took seconds to minutes before (figures beside it, Node 20, this test's
// sizes); each answer must be the one ordinary text gets, at once. The build-level probe is
// test/faults/hostileText.test.ts.
import { describe, expect, it } from 'vitest';
import { fieldKey } from '../../src/changelog/anchors';
import { mapPaths } from '../../src/changelog/libraryRules';
import { scanHtml } from '../../src/links/html';
import { htmlToMarkdown } from '../../src/markdown/htmlToMarkdown';
import { htmlInsteadOfSpec } from '../../src/openapi/load';
import { stripHtmlTags } from '../../src/openapi/sanitizeHtml';
import { describeProblem } from '../../src/openapi/validationDiagnostics';
import { withoutBlobs } from '../../src/search/blobs';
import { htmlToText, splitSections } from '../../src/search/html';
import { firstSentence } from '../../src/site/apiRoutes';
import { summaryTitle } from '../../src/openapi/titleText';
import { kebabCase } from '../../src/site/slug';
import { mapConfig } from '../../src/migrate/mapConfig';

const N = 200_000;

/** The answer of `f`, which must come within a few seconds (a quadratic pattern on these sizes takes far longer). */
function atOnce<T>(name: string, f: () => T): T {
  const start = performance.now();
  const answer = f();
  expect(performance.now() - start, name).toBeLessThan(5_000);
  return answer;
}

describe('patterns that read untrusted text answer at once', () => {
  it("a page's meta description (firstSentence, stripHtmlTags)", () => {
    expect(atOnce('[a', () => firstSentence('[a'.repeat(N / 2)))).toBe('[a'.repeat(80));
    expect(atOnce('[a](', () => firstSentence('[a]('.repeat(N / 4)))).toBe('[a]('.repeat(40));
    expect(atOnce('spaces after a tag', () => stripHtmlTags(`<b>x</b>${' '.repeat(N)}y`))).toBe(` x ${' '.repeat(N)}y`);
    // As with ordinary text.
    expect(firstSentence('Lists **parcels** in a [zone](https://example.test/z_(1)) by `zone_id`. More.')).toBe('Lists parcels in a zone by zone_id.');
    expect(stripHtmlTags('Use <code>v3</code> , then <b>stop</b> .')).toBe('Use  v3, then  stop.');
  });

  it("an operation's title from a summary of one long line of abbreviations (summaryTitle)", () => {
    const summary = 'no. '.repeat(N);
    const { title, more } = atOnce('summaryTitle', () => summaryTitle(summary));
    expect(title.endsWith('…')).toBe(true);
    expect(more).toBe(summary.trim());
  });

  it('a slug from a run of capitals (kebabCase)', () => {
    expect(atOnce('AAA… x', () => kebabCase(`${'A'.repeat(N)} x`))).toBe(`${'a'.repeat(N)}-x`);
    expect(kebabCase(`${'A'.repeat(9)}a`)).toBe(`${'a'.repeat(8)}-aa`);
    expect(kebabCase('XMLHttpRequest')).toBe('xml-http-request');
  });

  it("an API page's Markdown copy: spaces that do not end a line, in a code block (htmlToMarkdown)", () => {
    const spaces = ' \t'.repeat(N / 2);
    const markdown = atOnce('spaces in <pre>', () => htmlToMarkdown(`<pre><code>${spaces}x\ny  \n</code></pre>`));
    expect(markdown.split('\n').slice(1, 3)).toEqual([`${spaces}x`, 'y']);
    // Outside code, HTML's spaces collapse; emphasis keeps its outer spaces outside its marks.
    expect(htmlToMarkdown(`<p>a <strong>${spaces}loud${spaces}</strong> b</p>`)).toBe('a  **loud**  b');
  });

  it('the search index: data URLs and HTML comments (withoutBlobs, htmlToText)', () => {
    expect(atOnce('data:+++', () => withoutBlobs(`data:${'+'.repeat(N)}/data:,`))).not.toContain('+'.repeat(201));
    expect(atOnce(';a=data:', () => withoutBlobs(';a=data:'.repeat(N / 8)).length)).toBeGreaterThan(0);
    expect(withoutBlobs(`An icon: data:image/png;charset=x;base64,${'iVBORw0KGgo'.repeat(30)} and text.`)).toBe('An icon: and text.');
    expect(atOnce('<!--', () => htmlToText(`<p>shown</p>${'<!--'.repeat(N / 4)}`))).toBe('shown');
  });

  it("a guide's raw HTML that never closes: the search index's text and sections (htmlToText, splitSections)", () => {
    // 300 KB of these took 3.5 s (`<pre>`), 4 s (`<h3>x`), 8.6 s (`<a "`) and for ever (`<a class="hash-link" `) in a build.
    const after = '<p>after</p>';
    expect(atOnce('<pre>', () => htmlToText(`<p>before</p>${'<pre>x'.repeat(N / 6)}${after}`))).toBe(`before ${'x '.repeat(N / 6)}after`);
    expect(atOnce('<h3>x', () => splitSections(`${'<h3>x'.repeat(N / 5)}<h2 id="end">End</h2>${after}`).sections)).toEqual([{ id: 'end', title: 'End', text: 'after' }]);
    expect(atOnce('<a class="hash-link" ', () => htmlToText(`<p>before</p>${'<a class="hash-link" '.repeat(N / 21)}`))).toBe('before');
    expect(atOnce('<a "', () => htmlToText(`<p>before</p><a href="x>${'<a "'.repeat(N / 4)}`))).toBe('before');
    expect(atOnce('<script>', () => htmlToText(`${'<script>x'.repeat(N / 9)}${after}`))).toBe(`${'x '.repeat(N / 9)}after`.trim());
    // As with ordinary HTML.
    expect(htmlToText('<p>Run</p><pre><code>npm ci</code></pre><h2 id="a">A<a class="hash-link" href="#a">#</a></h2><div class="code-label">Shell</div><p>done</p>')).toBe('Run A done');
  });

  it('check-links reading raw HTML that never closes (scanHtml)', () => {
    // 300 KB of `<a b ` took 0.5 s, growing with the square of the length; `<title>` scanned to the end from each.
    const html = `<a href="/a">a</a>${'<a b '.repeat(N / 5)}`;
    expect(atOnce('<a b', () => scanHtml(html).refs.map((r) => r.value))).toEqual(['/a']);
    expect(atOnce('<title>', () => scanHtml(`${'<title>'.repeat(N / 7)}<a href="/b">`).refs)).toEqual([]);
    expect(atOnce('<textarea> closed', () => scanHtml(`${'<textarea>x</textarea>'.repeat(N / 22)}<a href="/c">c</a>`).refs.map((r) => r.value))).toEqual(['/c']);
  });

  it('check-links reading HTML: comments left open (scanHtml)', () => {
    const html = `<a href="/a">a</a>${'<!--<'.repeat(N / 5)}<a href="/b">b</a>`;
    expect(atOnce('<!--<', () => scanHtml(html).refs.map((r) => r.value))).toEqual(['/a']);
    expect(scanHtml('<!-- x --><a href="/c">c</a>').refs.map((r) => r.value)).toEqual(['/c']);
  });

  it("the API changelog: a field's array marks and a path's parameters (fieldKey, mapPaths)", () => {
    expect(atOnce('][…[[]', () => fieldKey({ in: 'parameter', parameterIn: 'query', name: `${']['.repeat(N / 2)}[[]` }))).toBe(`parameter|query|${']['.repeat(N / 2)}[`);
    expect(fieldKey({ in: 'parameter', parameterIn: 'query', name: 'tags[][]' })).toBe('parameter|query|tags');
    const path = `/a${'{'.repeat(N)}`;
    expect(atOnce('{{{', () => mapPaths({ [path]: {} }, { '/b/{id}': {} }).removed)).toEqual([path]);
    expect(mapPaths({ '/parcels/{id}': {} }, { '/parcels/{parcel_id}': {} }).mapped).toEqual({ '/parcels/{id}': '/parcels/{parcel_id}' });
  });

  it('a spec URL that answers with what looks like HTML comments (htmlInsteadOfSpec)', () => {
    // Its first 2 KB are read: 516 characters of this took 193 s, backtracking exponentially.
    const body = `<!-${'---><!--><!----><!-'.repeat(100)}`;
    expect(atOnce('<!--><!----><!-', () => htmlInsteadOfSpec('https://api.test.example/openapi.yaml', null, body))).toBeUndefined();
    const page = '<!-- a --> <!-- b -->\n<!DOCTYPE html><title>Sign in</title>';
    expect(htmlInsteadOfSpec('https://api.test.example/openapi.yaml', null, page)?.text).toContain('a page titled "Sign in"');
    // A comment ends at its first `-->`, as in a browser: what follows is text, not a page.
    expect(htmlInsteadOfSpec('https://api.test.example/openapi.yaml', null, '<!-- a --> b --> <html>')).toBeUndefined();
  });

  it("a Docusaurus footer's copyright HTML, made plain text by docsgen migrate (mapConfig)", () => {
    const links = { route: () => undefined, doc: () => undefined, sidebar: () => undefined, staticFile: () => undefined };
    const copyright = (html: string) => mapConfig({ title: 'Docs', themeConfig: { footer: { copyright: html } } }, links, []).config.footer!.copyright;
    // 14 s before, at this size.
    expect(atOnce('<<<', () => copyright(`Copyright ${'<'.repeat(N)}`))).toBe(`Copyright ${'<'.repeat(N)}`);
    // As with ordinary text.
    expect(copyright('Copyright &copy; 2025 <a href="https://hyperlocal.example">Hyperlocal Data</a>, Inc.')).toBe('Copyright © 2025 Hyperlocal Data, Inc.');
  });

  it("a spec problem's sentence (describeProblem)", () => {
    const message = `must be one of ${' \t'.repeat(N / 2)}x`;
    expect(atOnce('spaces', () => describeProblem({ message }, {}).text)).toBe(`${message}.`);
    expect(describeProblem({ message: 'must be string. ' }, {}).text).toBe('must be string.');
  });
});
