// #20 Markdown for machines: an operation's Markdown copy says what its HTML page says, field by
// field, for nested, circular, allOf and oneOf schemas; its schema pages likewise.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

const spec = `
openapi: 3.1.0
info: { title: Pets, version: '1' }
servers: [{ url: 'https://api.pets.example/v2' }]
paths:
  /pets/{pet_id}:
    put:
      operationId: updatePet
      summary: Update a pet
      description: Replaces the pet. See [the guide](/guides/intro) and the [owner field](#request-body).
      tags: [pets]
      parameters:
        - { name: pet_id, in: path, required: true, description: The pet's id., schema: { type: string, pattern: '^p_[a-z0-9]+$' }, example: p_12 }
        - { name: verbose, in: query, schema: { type: boolean, default: false } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
            example: { name: Rex, kind: { type: dog, barks: true } }
      responses:
        '200':
          description: The pet as stored.
          headers:
            X-Rate-Limit: { description: Calls left., schema: { type: integer, minimum: 0 } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '404':
          description: No such pet.
components:
  schemas:
    Named:
      type: object
      required: [name]
      properties:
        name: { type: string, minLength: 1, maxLength: 64, description: The pet's name. }
    Pet:
      description: A pet and its family tree.
      allOf:
        - $ref: '#/components/schemas/Named'
        - type: object
          required: [kind]
          properties:
            nickname: { type: [string, 'null'], description: Optional nickname. }
            status: { type: string, enum: [available, sold], description: Whether it is for sale. }
            kind: { $ref: '#/components/schemas/Kind' }
            tree: { $ref: '#/components/schemas/TreeNode' }
    Kind:
      oneOf:
        - $ref: '#/components/schemas/Dog'
        - $ref: '#/components/schemas/Cat'
      discriminator: { propertyName: type }
    Dog:
      type: object
      required: [type]
      properties:
        type: { type: string, const: dog }
        barks: { type: boolean, description: Whether it barks. }
    Cat:
      type: object
      required: [type]
      properties:
        type: { type: string, const: cat }
        lives: { type: integer, minimum: 1, maximum: 9 }
    TreeNode:
      type: object
      properties:
        label: { type: string }
        children: { type: array, items: { $ref: '#/components/schemas/TreeNode' } }
`;

/** Each schema field of the page's HTML, in document order: name, type, required. */
function htmlFields($: CheerioAPI): { name: string; type: string; required: boolean }[] {
  return $('main li.schema-field')
    .map((_, li) => {
      const head = $(li).children('.schema-field-head');
      return { name: head.find('.schema-name').first().text(), type: head.find('.schema-signature .schema-type, .schema-signature').first().text().replace(head.find('.schema-name').first().text(), '').trim().split(/\s/)[0], required: head.find('.badge-required').length > 0 };
    })
    .get();
}

/** Each field line of the Markdown, in order: name, type, required. */
function markdownFields(md: string): { name: string; type: string; required: boolean }[] {
  return [...md.matchAll(/^\s*- (?:Additional properties: )?`([^`]+)` \(`([^`]+)`([^)]*)\)/gm)].map((m) => ({ name: m[1], type: m[2], required: /\brequired\b/.test(m[3]) }));
}

describe('#20 markdown/operation', () => {
  let f: Fixture;
  let md: string;
  beforeAll(async () => {
    f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }),
      'openapi.yaml': spec,
      'content/guides/intro.md': '# Intro\n\nHello.\n',
    });
    md = f.read('api/update-pet.md');
  }, 60_000);

  it('opens with the title, the method and full URL, and the description with absolute links', () => {
    expect(md.startsWith('# Update a pet\n')).toBe(true);
    expect(md).toContain('```http\nPUT https://api.pets.example/v2/pets/{pet_id}\n```');
    expect(md).toContain('See [the guide](https://docs.test.example/guides/intro) and the [owner field](https://docs.test.example/api/update-pet#request-body).');
  });

  it('lists every field of the HTML page, in its order, with the same name, type and required flag', () => {
    const html = htmlFields(f.$('api/update-pet/index.html'));
    expect(html.length).toBeGreaterThan(10);
    expect(markdownFields(md).map(({ name, required }) => ({ name, required }))).toEqual(html.map(({ name, required }) => ({ name, required })));
    for (const [i, field] of markdownFields(md).entries()) expect(html[i].type.startsWith(field.type.split('<')[0])).toBe(true);
  });

  it('states constraints, patterns, enums, defaults, nullable and the allOf-merged fields', () => {
    expect(md).toMatch(/- `name` \(`string`, required\): The pet's name\.\n\s+Constraints: 1–64 characters/);
    expect(md).toMatch(/- `pet_id` \(`string`, required\): The pet's id\.\n\s+Pattern: `\^p_\[a-z0-9\]\+\$`\n\s+Example: `p_12`/);
    expect(md).toMatch(/- `verbose` \(`boolean`\)\n\s+Default: `false`/);
    expect(md).toMatch(/- `nickname` \(`string`, nullable\): Optional nickname\./);
    expect(md).toMatch(/Possible values: `available`, `sold`/);
    expect(md).toMatch(/- `X-Rate-Limit` \(`integer`\): Calls left\.\n\s+Constraints: ≥ 0/);
  });

  it('keeps $ref names, the oneOf alternatives with their discriminator, and names the circular reference', () => {
    expect(md).toMatch(/- `kind` \(`Kind`, required\)/);
    expect(md).toMatch(/- One of \(discriminator `type`/);
    expect(md).toMatch(/- Option `Dog`/);
    expect(md).toMatch(/- Option `Cat`/);
    expect(md).toMatch(/- `lives` \(`integer`\)\n\s+Constraints: ≥ 1, ≤ 9/);
    expect(md).toMatch(/- `children` \(`TreeNode\[\]`\)/);
    expect(md).toMatch(/Circular reference to `TreeNode`/);
  });

  it('has the request example, the responses, and one curl sample', () => {
    expect(md).toContain('## Request body (required)');
    expect(md).toContain('### 200\n\nThe pet as stored.');
    expect(md).toContain('### 404\n\nNo such pet.');
    expect(md).toMatch(/"name": "Rex"/);
    expect(md.match(/```bash\ncurl /g)).toHaveLength(1);
    expect(md).toContain('https://api.pets.example/v2/pets/');
  });

  it('makes a schema page with its fields, its example and the pages that use it', () => {
    const pet = f.read('api/schemas/pet.md');
    expect(pet.startsWith('# Pet\n')).toBe(true);
    expect(pet).toContain('A pet and its family tree.');
    const html = htmlFields(f.$('api/schemas/pet/index.html'));
    expect(markdownFields(pet).map((x) => x.name)).toEqual(html.map((x) => x.name));
    expect(pet).toMatch(/## Used by\n\n- \[Update a pet\]\(https:\/\/docs\.test\.example\/api\/update-pet\)/);
  });

  it('links each page to its copy in the head, and shows the Copy page control by the title', () => {
    const $ = f.$('api/update-pet/index.html');
    expect($('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe('/api/update-pet.md');
    expect(JSON.parse($('[data-island="CopyPage"]').attr('data-props')!)).toEqual({ href: '/api/update-pet.md' });
    expect($('[data-island="CopyPage"]').attr('data-when')).toBe('interaction');
    expect($('[data-island="CopyPage"] + h1, [data-island="CopyPage"] ~ h1').first().text()).toBe('Update a pet');
  });
});

// Schemas nested deeper than the page expands (here `openapi.schemaDepth: 1`): the HTML page links
// to their pages, the Markdown copy lists each of them, with its fields, at its end.
const deepSpec = `
openapi: 3.0.3
info: { title: Parcels, version: '1' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      summary: Get a parcel
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The parcel.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Parcel' }
components:
  schemas:
    Parcel:
      type: object
      required: [parcel_id]
      properties:
        parcel_id: { type: string, description: County assessor's parcel number. }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        name: { type: string }
        mailing_address: { $ref: '#/components/schemas/Address' }
    Address:
      type: object
      required: [postcode]
      properties:
        postcode: { type: string, pattern: '^[0-9]{5}$' }
        region: { $ref: '#/components/schemas/Region' }
    Region:
      type: object
      properties:
        fips: { type: string, minLength: 5, maxLength: 5, description: State and county FIPS code. }
        parcels: { type: array, items: { $ref: '#/components/schemas/Parcel' } }
`;

/** The part of a copy under `## Schemas`, split by `### \`Name\`` heading. */
function appendedSchemas(md: string): Map<string, string> {
  const section = md.split(/^## Schemas$/m)[1] ?? '';
  return new Map([...section.matchAll(/^### `([^`]+)`\n([\s\S]*?)(?=^### `|(?![\s\S]))/gm)].map((m) => [m[1], m[2]]));
}

describe('#20 markdown/operation: schemas deeper than the page', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles({
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', schemaDepth: 1 } }),
      'openapi.yaml': deepSpec,
    });
  }, 60_000);

  it('lists every schema the operation page links to, with its fields, once each', () => {
    // The HTML page stops at Owner and links to its page.
    const html = f.$('api/get-parcel/index.html');
    expect(html('main a[href="/api/schemas/owner"]').length).toBeGreaterThan(0);
    expect(html('main li.schema-field .schema-name').map((_, e) => html(e).text()).get()).not.toContain('mailing_address');
    const md = f.read('api/get-parcel.md');
    const appended = appendedSchemas(md);
    expect([...appended.keys()]).toEqual(['Owner', 'Address', 'Region', 'Parcel']);
    expect(md).toMatch(/- `owner` \(`Owner`\)\n\s+- Fields of `Owner`: see `Owner` under "Schemas" below/);
    expect(appended.get('Owner')).toMatch(/- `mailing_address` \(`Address`\)\n\s+- Fields of `Address`: see `Address` under "Schemas" below/);
    expect(appended.get('Address')).toMatch(/- `postcode` \(`string`, required\)\n\s+Pattern: `\^\[0-9\]\{5\}\$`/);
    expect(appended.get('Region')).toMatch(/- `fips` \(`string`\): State and county FIPS code\.\n\s+Constraints: 5 characters/);
    expect(appended.get('Region')).toMatch(/- `parcels` \(`Parcel\[\]`\)\n\s+- Fields of `Parcel`: see `Parcel` under "Schemas" below/);
    expect(appended.get('Parcel')).toMatch(/- `parcel_id` \(`string`, required\): County assessor's parcel number\./);
  });

  it('does the same on a schema page, without repeating the page\'s own schema', () => {
    const md = f.read('api/schemas/parcel.md');
    expect([...appendedSchemas(md).keys()]).toEqual(['Owner', 'Address', 'Region']);
    expect(appendedSchemas(md).get('Region')).toMatch(/- `parcels` \(`Parcel\[\]`\)\n\s+- Fields of `Parcel`: this page's schema, above/);
  });
});
