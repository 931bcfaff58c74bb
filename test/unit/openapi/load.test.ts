// A spec URL that answers with a web page (a login wall, a proxy) is told apart from a spec.
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { htmlInsteadOfSpec, pageTitle, parseSpec } from '../../../src/openapi/load';

describe('openapi/load', () => {
  describe('#18 JSON specs are read by JSON.parse, YAML and broken JSON by js-yaml', () => {
    const yaml = "openapi: 3.1.0\ninfo:\n  title: Parcels « ünïcode »\n  version: '2'\npaths:\n  /p/{id}:\n    get:\n      responses: { '200': { description: OK } }\n";
    const json = JSON.stringify({ openapi: '3.1.0', info: { title: 'Parcels « ünïcode »', version: '2' }, paths: { '/p/{id}': { get: { responses: { '200': { description: 'OK' } } } } } }, null, 2);

    it('gives the same document for the same spec in either form', () => {
      expect(parseSpec(json, 'spec.json')).toEqual(parseSpec(yaml, 'spec.yaml'));
      expect(parseSpec(`\n  ${json}`, 'spec.json')).toEqual(parseSpec(yaml, 'spec.yaml'));
    });

    it('reports broken JSON at its line and column, as before', () => {
      const broken = json.replace('"version": "2"', '"version": "2",,');
      let error: unknown;
      try {
        parseSpec(broken, 'spec.json');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DocsgenError);
      const d = (error as DocsgenError).diagnostics[0];
      expect(d.code).toBe('spec-invalid-yaml');
      expect(d.location?.line).toBe(broken.split('\n').findIndex((l) => l.includes(',,')) + 1);
    });
  });

  describe('#14 an HTML page instead of a spec', () => {
    it('is known by its content type, or by its first tag', () => {
      expect(htmlInsteadOfSpec('https://api.example/docs/yaml', 'text/html; charset=utf-8', '<title>Sign in</title>')?.text).toBe(
        'Fetching the OpenAPI spec from https://api.example/docs/yaml returned text/html instead of an OpenAPI document: a page titled "Sign in".',
      );
      expect(htmlInsteadOfSpec('https://x/s', null, '<!-- proxy -->\n<HTML><body>502</body></HTML>')?.text).toBe(
        'Fetching the OpenAPI spec from https://x/s returned an HTML page (served as no content type) instead of an OpenAPI document: a page with no title.',
      );
      expect(htmlInsteadOfSpec('https://x/s', 'application/yaml', 'openapi: 3.0.3\ninfo:\n  description: <html> is fine here\n')).toBeUndefined();
      expect(htmlInsteadOfSpec('https://x/s', 'application/json', '{"openapi":"3.1.0"}')).toBeUndefined();
    });

    it('reads the title: entities decoded, tags, escapes and control characters dropped, whitespace collapsed, bounded', () => {
      expect(pageTitle('<head><title lang="en">\n  Acme &amp; Co &#8212; <b>Log in</b>&#x21;\n</title>')).toBe('Acme & Co — Log in!');
      expect(pageTitle('<title>Red\u001b[31m alert\u0007 "now"</title>')).toBe("Red alert 'now'");
      expect(pageTitle('<title>   </title>')).toBeUndefined();
      expect(pageTitle('<p>no title</p>')).toBeUndefined();
      const long = pageTitle(`<title>${'word '.repeat(40)}</title>`)!;
      expect(long).toBe(`${'word '.repeat(14)}word…`);
      expect([...long].length).toBeLessThanOrEqual(80);
    });
  });
});

describe('a spec nested deeper than the walks that follow can go', () => {
  const nested = (levels: number) => `{"openapi":"3.0.3","info":{"title":"Parcels","version":"1"},"components":{"schemas":{"Deep":${'{"type":"object","properties":{"next":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}}}}`;

  it('as JSON, past 100 levels, is refused as YAML past its maxDepth is, with the line and column (3,000 levels overflowed the stack)', () => {
    let thrown: unknown;
    try {
      parseSpec(nested(3000), 'openapi.json');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DocsgenError);
    const [diagnostic] = (thrown as DocsgenError).diagnostics;
    expect(diagnostic.text).toMatch(/^The OpenAPI spec from openapi\.json nests objects and lists more than 100 levels deep, more than docsgen reads \(line 1, column \d+\)\.$/);
    expect(diagnostic.location).toMatchObject({ file: 'openapi.json', line: 1 });
  });

  it('as JSON, 40 levels deep, is read', () => {
    expect(parseSpec(nested(40), 'openapi.json')).toHaveProperty('components.schemas.Deep.type', 'object');
  });
});
