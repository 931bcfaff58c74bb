// Spec text as the site stage renders it: links decided once every route exists (settle),
// autolinks, the link base inferred from a spec, and raw HTML through the allow-list.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/resolve';
import type { OpenApiConfig } from '../../../src/config/types';
import { createSpecMarkdown } from '../../../src/openapi/markdown';
import { inferLinkBase } from '../../../src/openapi/linkBase';
import { stripHtmlTags } from '../../../src/openapi/sanitizeHtml';
import { linesOf, locateSpecLink } from '../../../src/links/specLocation';
import type { PageModel } from '../../../src/shared/viewModels';

const config = (api: Partial<OpenApiConfig> = {}) =>
  resolveConfig({ title: 'T', url: 'https://docs.test.example', navbar: { items: [] }, footer: {}, openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', ...api } } as never, '/site/docsgen.config.ts');

/** A page whose body holds the given HTML (the walk looks at every string of a body). */
const page = (route: string, kind: string, html: string): PageModel => ({ route, head: {} as never, section: 'api', body: { kind, nested: { descriptionHtml: html } } as never });
const htmlOf = (p: PageModel) => (p.body as unknown as { nested: { descriptionHtml: string } }).nested.descriptionHtml;
const hrefs = (html: string) => cheerio.load(html)('a').map((_, a) => cheerio.load(html)(a).attr('href')).get();
const targets = { routes: new Set(['/guides/intro', '/api/get-thing']), files: new Set(['/assets/images/a.png']) };

describe('spec links', () => {
  it('keeps a link to a page of this site, and makes every other relative link external against the link base', () => {
    const md = createSpecMarkdown(config({ linkBase: 'https://vendor.example/docs/' }), '/site/openapi.yaml');
    const p = page('/api/get-thing', 'apiOperation', md.render('[intro](/guides/intro#setup), [home](/home), [ref](reference/x?a=1#y), [op](/api/get-thing)', '/info/description'));
    expect(md.settle([p], targets)).toEqual([]); // a configured base: nothing to warn about
    expect(hrefs(htmlOf(p))).toEqual(['/guides/intro#setup', 'https://vendor.example/home', 'https://vendor.example/docs/reference/x?a=1#y', '/api/get-thing']);
    expect(md.links.filter((l) => l.external === undefined).map((l) => l.raw)).toEqual(['/guides/intro#setup', '/api/get-thing']);
  });

  it('without a link base, keeps an unknown link as a site link for the check to report', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const p = page('/api/get-thing', 'apiOperation', md.render('[home](/home)', '/info/description'));
    expect(md.settle([p], targets)).toEqual([]);
    expect(hrefs(htmlOf(p))).toEqual(['/home']);
    expect(md.links.map((l) => [l.route, l.external])).toEqual([['/home', undefined]]);
  });

  it('records one link per target and description, with the pages of each kind that show it (shared objects counted on every page)', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const shared = md.render('See [missing](/nowhere).', '/components/schemas/Thing/description');
    const tagView = { descriptionHtml: md.render('See [missing](/nowhere).', '/tags/Things') };
    const pages: PageModel[] = [
      ...['/api/a', '/api/b', '/api/c'].map((route) => page(route, 'apiOperation', shared)),
      page('/api/schemas/thing', 'apiSchema', shared),
      { route: '/api', head: {} as never, section: 'api', body: { kind: 'apiIndex', tags: [tagView] } as never },
      { route: '/api/things', head: {} as never, section: 'api', body: { kind: 'apiTag', tag: tagView } as never },
    ];
    md.settle(pages, targets);
    expect(md.links.map((l) => [l.pointer, l.shownOn])).toEqual([
      ['/components/schemas/Thing/description', { apiOperation: 3, apiSchema: 1 }],
      ['/tags/Things', { apiIndex: 1, apiTag: 1 }],
    ]);
  });

  it('says once which inferred base it used, and only when a link needed it', () => {
    const document = { externalDocs: { url: 'https://developers.vendor.example/docs' }, info: { contact: { url: 'https://vendor.example/' } } };
    const unused = createSpecMarkdown(config(), '/site/openapi.yaml', document);
    unused.render('[intro](/guides/intro)', '/info/description');
    expect(unused.settle([], targets)).toEqual([]);

    const md = createSpecMarkdown(config(), '/site/openapi.yaml', document);
    const p = page('/api/get-thing', 'apiOperation', md.render('[a](/home) [b](/docs/x) [c](/docs/y)', '/info/description') + md.render('[d](/home)', '/tags/T'));
    const warnings = md.settle([p], targets);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].severity).toBe('warning');
    expect(warnings[0].text).toContain('https://developers.vendor.example/docs');
    expect(warnings[0].text).toContain('externalDocs.url');
    expect(warnings[0].hint).toContain('openapi.linkBase');
    expect(hrefs(htmlOf(p))).toEqual(['https://developers.vendor.example/home', 'https://developers.vendor.example/docs/x', 'https://developers.vendor.example/docs/y', 'https://developers.vendor.example/home']);
  });

  it('never lets an inferred base take a link into the guides of a site that has some (it stays strict); a configured base does', () => {
    const document = { externalDocs: { url: 'https://vendor.example/' } };
    const inferred = createSpecMarkdown(config(), '/site/openapi.yaml', document);
    const p = page('/api/x', 'apiOperation', inferred.render('[typo](/guides/intor) [home](/home)', '/info/description'));
    inferred.settle([p], targets);
    expect(hrefs(htmlOf(p))).toEqual(['/guides/intor', 'https://vendor.example/home']);

    const noGuides = createSpecMarkdown(config(), '/site/openapi.yaml', document);
    const q = page('/api/x', 'apiOperation', noGuides.render('[theirs](/guides/intor)', '/info/description'));
    noGuides.settle([q], { routes: new Set(['/guides', '/guides/tags', '/api/x']), files: new Set() });
    expect(hrefs(htmlOf(q))).toEqual(['https://vendor.example/guides/intor']);

    const configured = createSpecMarkdown(config({ linkBase: 'https://vendor.example/' }), '/site/openapi.yaml');
    const r = page('/api/x', 'apiOperation', configured.render('[theirs](/guides/intor)', '/info/description'));
    configured.settle([r], targets);
    expect(hrefs(htmlOf(r))).toEqual(['https://vendor.example/guides/intor']);
  });

  it('links e-mail addresses with mailto: and bare host names with https:, but not file names', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const p = page('/api/x', 'apiOperation', md.render('Write to developer@nbg.gr or [us](developer@nbg.gr); see [developers.notion.com](developers.notion.com) and [the spec](openapi.json).', '/info/description'));
    md.settle([p], targets);
    expect(hrefs(htmlOf(p))).toEqual(['mailto:developer@nbg.gr', 'mailto:developer@nbg.gr', 'https://developers.notion.com', '/api/openapi.json']);
  });

  it('reports a raw HTML link at the line and column where it is written (YAML and JSON)', () => {
    const text = linesOf(['info:', '  description: See <a href="/nowhere">this</a>.', '{"description": "<a href=\\"/gone\\">x</a>"}'].join('\r\n'));
    const at = (raw: string) => {
      const l = locateSpecLink({ location: { file: 'openapi.yaml' }, route: raw, hash: '', raw, pointer: '/info/description' }, text);
      return [l.line, l.lineText!.slice(l.column! - 1, l.column! - 1 + raw.length)];
    };
    expect(at('/nowhere')).toEqual([2, '/nowhere']);
    expect(at('/gone')).toEqual([3, '/gone']);
  });

  it('resolves a relative site link within its own API', () => {
    const md = createSpecMarkdown(config({ id: 'tiles', route: '/api/tiles' }), '/site/openapi.yaml');
    const p = page('/api/tiles/x', 'apiOperation', md.render('[tile](get-tile) [other](/api/data/x)', '/info/description'));
    md.settle([p], { routes: new Set(['/api/tiles/get-tile', '/api/data/x']), files: new Set() });
    expect(hrefs(htmlOf(p))).toEqual(['/api/tiles/get-tile', '/api/data/x']);
  });

  it('treats <a href> in raw HTML like a markdown link', () => {
    const md = createSpecMarkdown(config({ linkBase: 'https://vendor.example/' }), '/site/openapi.yaml');
    const p = page('/api/x', 'apiOperation', md.render('<p>See <a href="/guides/intro">intro</a> and <a href="/home">home</a>.</p>', '/info/description'));
    md.settle([p], targets);
    expect(hrefs(htmlOf(p))).toEqual(['/guides/intro', 'https://vendor.example/home']);
  });

  it('never makes a script URL of a link, even one a browser would read as one (a tab inside "javascript:") against a base', () => {
    const md = createSpecMarkdown(config({ linkBase: 'https://vendor.example/' }), '/site/openapi.yaml');
    const p = page('/api/x', 'apiOperation', md.render('<a href="java&#9;script:alert(1)">a</a> <a href="&#x0A;JaVaScRiPt:alert(1)">b</a> [c](java%09script:alert(1)) <a href="vbscript:x">d</a>', '/info/description'));
    md.settle([p], targets);
    expect(hrefs(htmlOf(p)).filter((h) => !/^(#|\/|https:\/\/vendor\.example\/)/.test(h))).toEqual([]);
    expect(hrefs(htmlOf(p)).map((h) => new URL(h, 'https://docs.test.example/').protocol)).toEqual(['https:', 'https:', 'https:', 'https:']);
  });

  it('resolves relative images against the link base; drops data: images', () => {
    const md = createSpecMarkdown(config({ linkBase: 'https://vendor.example/docs/' }), '/site/openapi.yaml');
    const $ = cheerio.load(md.render('![a](img/a.png) <img src="/b.png"> <img src="data:image/png;base64,iVBORw0KGgo=">', '/info/description'));
    expect($('img').map((_, i) => $(i).attr('src') ?? '').get()).toEqual(['https://vendor.example/docs/img/a.png', 'https://vendor.example/b.png', '']);
  });
});

describe('HTML in spec text', () => {
  it('renders formatting, keeps the ids of its own headings, drops ids, classes and styles from the spec', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const $ = cheerio.load(md.render('## Limits\n\n<h3 id="main" class="navbar" style="color:red">Raw</h3>\n\n<p>Use <b>v4</b>, <code>^[A-Z]{3}$</code>.</p>', '/info/description'));
    expect($('h2').attr('id')).toBe('limits');
    expect($('h3').attr('id')).toBeUndefined();
    expect($('h3').attr('class')).toBeUndefined();
    expect($('h3').attr('style')).toBeUndefined();
    expect($('p b').text()).toBe('v4');
    expect($('p code').text()).toBe('^[A-Z]{3}$');
  });

  it('shows an unknown tag as the text it was written with', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const $ = cheerio.load(md.render('Send `Authorization: Bearer <token>` or Bearer <token>.', '/info/description'));
    expect($.root().text()).toContain('Bearer <token> or Bearer <token>.');
    expect($('token').length).toBe(0);
  });

  it('keeps code highlighting and admonitions when the text also holds HTML', () => {
    const md = createSpecMarkdown(config(), '/site/openapi.yaml');
    const $ = cheerio.load(md.render(':::note Careful\n<b>x</b>\n:::\n\n```json\n{"a": 1}\n```', '/info/description'));
    expect($('aside.admonition.admonition-note .admonition-title').text()).toBe('Careful');
    expect($('pre.hljs.language-json span.hljs-attr').length).toBe(1);
  });
});

describe('the inferred link base', () => {
  it('is externalDocs.url, else info.contact.url, else where the spec was published (not a code host), else the terms of service', () => {
    expect(inferLinkBase({ externalDocs: { url: 'https://docs.a.example/esign' }, info: { contact: { url: 'https://b.example/' } } })).toEqual({ url: 'https://docs.a.example/esign', from: 'externalDocs.url', inferred: true });
    expect(inferLinkBase({ info: { contact: { url: 'https://developers.b.example/' } } })?.from).toBe('info.contact.url');
    expect(inferLinkBase({ info: { 'x-origin': [{ url: 'https://raw.githubusercontent.com/a/b/spec.json' }, { url: 'https://developer.nbg.gr/files/spec.yaml' }] } })).toEqual({ url: 'https://developer.nbg.gr/files/spec.yaml', from: 'info.x-origin[1].url', inferred: true });
    expect(inferLinkBase({ info: { 'x-origin': [{ url: 'https://www.postman.com/collections/1' }], termsOfService: 'https://c.example/terms' } })?.from).toBe('info.termsOfService');
    expect(inferLinkBase({ info: { contact: { url: 'mailto:a@b.example' }, termsOfService: 'not a url' } })).toBeUndefined();
  });

  it('is, last, the host of the first server, unless that is a local, example or templated host', () => {
    expect(inferLinkBase({ info: {}, servers: [{ url: 'https://circleci.com/api/v1' }] })).toEqual({ url: 'https://circleci.com/', from: 'servers[0].url (its host)', inferred: true });
    expect(inferLinkBase({ info: { termsOfService: 'https://c.example.org/terms' }, servers: [{ url: 'https://circleci.com/api/v1' }] })?.from).toBe('info.termsOfService');
    for (const url of ['http://localhost:8080/v1', 'http://127.0.0.1:4010', 'https://api.test.example/v1', 'https://{region}.api.vendor.com', '/v1']) expect(inferLinkBase({ info: {}, servers: [{ url }] }), url).toBeUndefined();
  });
});

describe('meta descriptions', () => {
  it('leave out HTML tags but keep placeholders such as <token>', () => {
    expect(stripHtmlTags('<p>Use <code>v4</code>, with Bearer <token>.</p>').replace(/\s+/g, ' ').trim()).toBe('Use v4, with Bearer <token>.');
  });
});
