// A small project whose spec has what taking operation pages back after an edit must get
// right (site/apiPagesMemo.ts): descriptions that link to guides, an example large enough to be
// cut and linked whole from a file, and a schema every operation shows. Its schema pages do too: one
// links to a guide, one shows that example (its file is named after the first operation that
// shows it), two share another (named after the first of them), and all use the first schema,
// whose "Used by" list then names operations and schemas.
import { configSource, writeFiles } from './fixture';

/** Writes the project into `dir` and returns `dir`. */
export function writeParcelsProject(dir: string): string {
  // A response example of 300 records is cut on its pages, which link to it whole in a file named
  // after the first page that shows it; each description links to a guide.
  const big = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ parcel: `p-${i}` })));
  // Shown by two schema pages only: its file is named after the first of them.
  const ledger = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ parcel: `l-${i}` })));
  const op = (path: string, id: string, summary: string, description: string, example: boolean, item = 'Parcel') =>
    [
      `  ${path}:`,
      '    get:',
      `      operationId: ${id}`,
      `      summary: ${summary}`,
      `      description: ${description}`,
      '      responses:',
      '        "200":',
      '          description: OK',
      '          content:',
      '            application/json:',
      `              schema: { type: array, items: { $ref: "#/components/schemas/${item}" } }`,
      ...(example ? ['              examples:', '                big: { $ref: "#/components/examples/Big" }'] : []),
    ].join('\n');
  const spec = [
    'openapi: 3.0.3',
    'info: { title: Parcels, version: "1" }',
    'paths:',
    op('/parcels', 'listParcels', 'List parcels', 'See [flood zones](/guides/zones).', true),
    op('/parcels/{id}', 'getParcel', 'Get a parcel', 'See [the introduction](/guides/intro).', false),
    op('/permits', 'listPermits', 'List permits', 'See [flood zones](/guides/zones) and [the introduction](/guides/intro).', true, 'Permit'),
    op('/owners', 'listOwners', 'List owners', 'Owners of record.', false),
    'components:',
    '  schemas:',
    '    Parcel: { type: object, properties: { parcel: { type: string, description: The parcel number. } } }',
    '    Permit: { type: object, description: "A building permit, as [permits](/guides/permits) explains.", properties: { parcel: { type: string }, lot: { $ref: "#/components/schemas/Parcel" } } }',
    `    Archive: { type: array, description: Parcels no longer on the register., items: { $ref: "#/components/schemas/Parcel" }, example: ${big} }`,
    `    Ledger: { type: array, description: Parcels as the land ledger lists them., items: { $ref: "#/components/schemas/Parcel" }, example: ${ledger} }`,
    `    Register: { type: array, description: Parcels as the land register lists them., items: { $ref: "#/components/schemas/Parcel" }, example: ${ledger} }`,
    '  examples:',
    `    Big: { value: ${big} }`,
    '',
  ].join('\n');
  const guide = (title: string) => `---\ntitle: ${title}\n---\nAbout ${title.toLowerCase()}.\n`;
  return writeFiles(
    {
      'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' } }),
      'openapi.yaml': spec.replace('get:\n      operationId: getParcel', 'get:\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]\n      operationId: getParcel'),
      'content/guides/intro.md': guide('Introduction'),
      'content/guides/zones.md': guide('Zones'),
      'content/guides/permits.md': guide('Permits'),
    },
    dir,
  );
}
