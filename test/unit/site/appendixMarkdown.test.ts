// The Markdown copies' appended schemas, made once in the site stage (src/site/appendixMarkdown.ts),
// must read exactly as the render threads made them from each page's trees: what a schema's text
// says depends on the page (its own schema, what else it appends, its site's origin).
import { describe, expect, it } from 'vitest';
import { operationMarkdown } from '../../../src/markdown/apiMarkdown';
import { pageMarkdown } from '../../../src/markdown/pageFiles';
import { PLACEHOLDER, settlePlaceholders } from '../../../src/openapi/placeholders';
import { createAppendixMarkdown } from '../../../src/site/appendixMarkdown';
import type { AppendedSchema, ApiSchemaView, OperationView, PageModel, SchemaNode } from '../../../src/shared/viewModels';

function node(id: string, over: Partial<SchemaNode> = {}): SchemaNode {
  return { id, type: 'string', required: false, deprecated: false, nullable: false, readOnly: false, writeOnly: false, descriptionHtml: '', constraints: [], children: [], ...over };
}

/** A named schema whose fields stop at `stops` (named schemas continued elsewhere). */
function schema(name: string, stops: string[], descriptionHtml = ''): AppendedSchema {
  const fields = stops.map((stop, i) => node(`${name}-${i}`, { name: `to_${stop.toLowerCase()}`, type: stop, truncated: { typeName: stop, href: `/api/schemas/${stop.toLowerCase()}` } }));
  return { name, node: node(name, { type: 'object', descriptionHtml, children: [node(`${name}-id`, { name: 'id', required: true, descriptionHtml: `<p>The ${name}'s id, see <a href="/guides/ids">ids</a>.</p>` }), ...fields] }) };
}

function operationPage(canonical: string, appendix: AppendedSchema[]): PageModel {
  const operation = { title: 'Get a parcel', method: 'get', serverUrl: 'https://api.example.test', path: '/parcels', descriptionHtml: '', parameters: [], responses: [], callbacks: [], codeSamples: [], security: [], appendix } as unknown as OperationView;
  return { route: '/api/get-parcel', head: { canonical }, body: { kind: 'apiOperation', operation } } as unknown as PageModel;
}

function schemaPage(canonical: string, name: string, appendix: AppendedSchema[]): PageModel {
  const view = { name, schema: node(name, { type: 'object' }), usedBy: [], appendix } as unknown as ApiSchemaView;
  return { route: `/api/schemas/${name.toLowerCase()}`, head: { canonical }, body: { kind: 'apiSchema', schema: view } } as unknown as PageModel;
}

/** The page's copy with its appendix's trees given to the render threads, as before. */
const fromTrees = (page: PageModel) => pageMarkdown(page)!.text;

function withTexts(page: PageModel, made: ReturnType<typeof createAppendixMarkdown>): { page: PageModel; appendix: AppendedSchema[] } {
  const body = page.body as { kind: string; operation?: OperationView; schema?: ApiSchemaView };
  const view = body.operation ?? body.schema!;
  const appendix = made(view.appendix!, page.head.canonical, body.schema?.name);
  const copy = { ...page, body: body.operation ? { ...body, operation: { ...body.operation, appendix } } : { ...body, schema: { ...body.schema!, appendix } } } as PageModel;
  return { page: copy, appendix };
}

describe('#18 the appended schemas made once', () => {
  const region = schema('Region', ['Parcel']);
  const address = schema('Address', ['Region']);
  const owner = schema('Owner', ['Address', 'Zone']);
  const parcel = schema('Parcel', ['Owner']);

  it('gives every page the copy its trees gave, whatever else it appends, on any site', () => {
    const made = createAppendixMarkdown();
    const pages = [
      operationPage('https://docs.example.test/api/get-parcel', [parcel, owner, address, region]),
      operationPage('https://docs.example.test/api/list-owners', [owner, address]),
      schemaPage('https://docs.example.test/api/schemas/parcel', 'Parcel', [owner, address, region]),
      schemaPage('https://docs.example.test/api/schemas/region', 'Region', [parcel, owner, address]),
      operationPage('https://other.example.test/docs/api/get-parcel', [owner, address, region]),
    ];
    const copies = pages.map((page) => pageMarkdown(withTexts(page, made).page)!.text);
    expect(copies).toEqual(pages.map(fromTrees));
    // What differs between the pages is in the texts: Region continues below, on its own page above, or at its page's link.
    expect(copies[0]).toContain('- Fields of `Parcel`: see `Parcel` under "Schemas" below');
    expect(copies[2]).toContain("- Fields of `Parcel`: this page's schema, above");
    expect(copies[1]).toContain('- Fields of `Region` continue at https://docs.example.test/api/schemas/region');
    expect(copies[3]).toContain("- Fields of `Region`: this page's schema, above");
    expect(copies[4]).toContain('- Fields of `Parcel` continue at https://other.example.test/api/schemas/parcel');
  });

  it('shares nothing between pages of a site without a URL, whose copies resolve links against each page', () => {
    const made = createAppendixMarkdown();
    const pages = [operationPage('/api/a', [owner, address, region]), operationPage('/api/b', [owner, address, region])];
    const copies = pages.map((page) => withTexts(page, made));
    expect(copies.map(({ page }) => pageMarkdown(page)!.text)).toEqual(pages.map(fromTrees));
    expect(copies[1].appendix[0].markdown).not.toBe(copies[0].appendix[0].markdown);
  });

  it('makes each text once for the pages alike, and the pages carry it instead of the tree', () => {
    const made = createAppendixMarkdown();
    const first = withTexts(operationPage('https://docs.example.test/api/a', [owner, address, region]), made).appendix;
    const second = withTexts(operationPage('https://docs.example.test/api/b', [owner, address, region]), made).appendix;
    for (const s of [...first, ...second]) expect(s.node).toBeUndefined();
    expect(second.map((s) => s.markdown)).toEqual(first.map((s) => s.markdown));
    expect(Object.is(second[0].markdown, first[0].markdown)).toBe(true);
  });

  it("keeps the tree of a schema whose text links to an anchor of the page, or holds a spec link", () => {
    const made = createAppendixMarkdown();
    const anchored = schema('Lot', [], '<p>See <a href="#request-body">the body</a>.</p>');
    const linked = schema('Deed', [], `<p>See <a href="${PLACEHOLDER}3/">recording</a>.</p>`);
    const pages = [operationPage('https://docs.example.test/api/a', [anchored, linked, region]), operationPage('https://docs.example.test/api/b', [anchored, linked, region])];
    // A render thread settles the spec link before it makes the copy: here, into another site.
    const settled = (page: PageModel) => {
      const body = structuredClone(page.body);
      settlePlaceholders(body, { hrefs: ['', '', '', 'https://records.example.test/deeds?county=17&book=2'], tracked: [] });
      return pageMarkdown({ ...page, body })!.text;
    };
    for (const page of pages) {
      const { page: copy, appendix } = withTexts(page, made);
      expect(appendix.map((s) => (s.node ? 'tree' : 'text'))).toEqual(['tree', 'tree', 'text']);
      expect(settled(copy)).toBe(settled(page));
      expect(settled(copy)).toContain('See [recording](https://records.example.test/deeds?county=17&book=2).');
    }
    // The anchor is the page's own: each copy names its page.
    expect(fromTrees(pages[1])).toContain('https://docs.example.test/api/b#request-body');
  });

  it('is what the copies print under "Schemas"', () => {
    const made = createAppendixMarkdown();
    const appendix = made([owner, address], 'https://docs.example.test/api/x');
    const view = { title: 'X', method: 'get', serverUrl: '', path: '/x', descriptionHtml: '', parameters: [], responses: [], callbacks: [], codeSamples: [], security: [], appendix } as unknown as OperationView;
    const md = operationMarkdown(view, { resolve: (href) => (href.startsWith('/') ? `https://docs.example.test${href}` : href) }).text;
    expect(md).toContain('## Schemas\n\n### `Owner`\n\n');
    expect(md).toContain('- `to_address` (`Address`)\n  - Fields of `Address`: see `Address` under "Schemas" below');
    expect(md).toContain('- `to_zone` (`Zone`)\n  - Fields of `Zone` continue at https://docs.example.test/api/schemas/zone');
  });
});
