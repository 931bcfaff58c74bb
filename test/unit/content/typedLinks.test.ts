// content/typedLinks: which hrefs are typed links into the API reference, and what they name.
import { describe, expect, it } from 'vitest';
import { parseTypedLink, replaceTypedPlaceholders, typedPlaceholder } from '../../../src/content/typedLinks';

describe('content/typedLinks', () => {
  it('reads an operationId, METHOD /path (as markdown-it encodes it) and a schema, with a fragment', () => {
    expect(parseTypedLink('op:searchBoundaries')).toEqual({ kind: 'op', name: 'searchBoundaries', fragment: '' });
    expect(parseTypedLink('op:GET%20/v1/boundaries/%7Bboundary_id%7D#response-200.data.name')).toEqual({ kind: 'op', name: 'GET /v1/boundaries/{boundary_id}', fragment: 'response-200.data.name' });
    expect(parseTypedLink('schema:Boundary#geometry.type')).toEqual({ kind: 'schema', name: 'Boundary', fragment: 'geometry.type' });
    expect(parseTypedLink('OP:searchBoundaries')?.kind).toBe('op');
  });

  it("takes a prefix before / as an API's id only when the site has an API of that id", () => {
    expect(parseTypedLink('op:tiles/getTile', ['places', 'tiles'])).toEqual({ kind: 'op', api: 'tiles', name: 'getTile', fragment: '' });
    expect(parseTypedLink('op:tiles/GET%20/tiles', ['tiles'])).toEqual({ kind: 'op', api: 'tiles', name: 'GET /tiles', fragment: '' });
    expect(parseTypedLink('op:GET%20/tiles/x', ['tiles'])).toEqual({ kind: 'op', name: 'GET /tiles/x', fragment: '' });
    expect(parseTypedLink('op:billing/list', ['tiles'])).toEqual({ kind: 'op', name: 'billing/list', fragment: '' });
  });

  it('leaves every other link alone', () => {
    for (const href of ['/api/search-boundaries', './a.md#x', 'https://example.com/op:x', 'mailto:a@b.c', 'operation:x', '#op:x', 'op:']) expect(parseTypedLink(href)).toBeUndefined();
  });

  it('replaces placeholders by their hrefs, escaped for the attribute, and leaves unknown ones', () => {
    const html = `<a href="${typedPlaceholder(0)}">a</a> <a href="${typedPlaceholder(1)}">b</a>`;
    expect(replaceTypedPlaceholders(html, new Map([[0, '/api/x?a=1&b="2"#f']]))).toBe(`<a href="/api/x?a=1&amp;b=&quot;2&quot;#f">a</a> <a href="${typedPlaceholder(1)}">b</a>`);
  });
});
