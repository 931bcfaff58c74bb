// docsgen eject: a built-in copied into theme/ that compiles there and, unedited, renders the
// very same pages; the list of what can be ejected, with the props types to write overrides with.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { ejectable, ejectComponent } from '../../src/theme/eject';
import { propsTypes } from '../../src/theme/builtins';
import { configSource, repoRoot, writeFiles } from '../helpers/fixture';
import { runDocsgen } from '../faults/harness';

const site = {
  'docsgen.config.ts': configSource({
    navbar: { items: [{ label: 'Guides', to: '/guides', position: 'left' }, { type: 'search', position: 'right' }, { type: 'colorMode', position: 'right' }] },
    openapi: { spec: 'openapi.yaml', downloadUrl: 'https://docs.test.example/openapi.yaml' },
  }),
  'content/guides/intro.md': '---\ntitle: Intro\n---\n\n# Intro\n\nHello, see [usage](./usage.md).\n\n## Details\n\n```js\nconst a = 1;\n```\n',
  'content/guides/usage.md': '---\ntitle: Usage\n---\n\n# Usage\n\nMore.\n',
  'openapi.yaml': `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      summary: Get a pet
      tags: [pets]
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } } }
`,
};

function htmlFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (rel.endsWith('.html')) files.set(rel, fs.readFileSync(path.join(dir, rel), 'utf8'));
  return files;
}

/** '' when equal, else both texts around their first difference (a whole page is unreadable in a failure). */
function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}:\n  ${a.slice(Math.max(0, i - 80), i + 80)}\n  ${b.slice(Math.max(0, i - 80), i + 80)}`;
}

describe('docsgen eject', () => {
  it('an ejected component, unedited, builds the same pages byte for byte', async () => {
    const plain = writeFiles({ ...site });
    const themed = writeFiles({ ...site });
    for (const name of ['Navbar', 'Footer', 'Shell', 'DocPage', 'ApiOperation', 'CodeBlock', 'SearchBox']) ejectComponent(name, path.join(themed, 'theme'));
    const ejected = fs.readFileSync(path.join(themed, 'theme/Navbar.tsx'), 'utf8');
    expect(ejected).toContain(`from 'docsgen/theme/islands/SearchBox'`);
    expect(ejected).toContain(`from 'docsgen/theme/components/Island'`);
    expect(ejected).not.toMatch(/from '\.{1,2}\//);
    await build({ root: plain, logger: createMemoryLogger() });
    await build({ root: themed, logger: createMemoryLogger() });
    const before = htmlFiles(path.join(plain, 'build'));
    const after = htmlFiles(path.join(themed, 'build'));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(before.size).toBeGreaterThan(5);
    // The ejected island (SearchBox) is bundled from another file, so the islands' file names
    // (content hashes) may differ; everything else is the same bytes.
    const unhashed = (html: string) => html.replace(/(\/assets\/js\/[\w-]+?)-[A-Z0-9]{8}\.js/g, '$1-HASH.js');
    for (const [file, html] of before) expect(firstDifference(unhashed(after.get(file) ?? ''), unhashed(html)), file).toBe('');
  });

  it('the CLI writes the copy, refuses to overwrite it, and suggests a name it does not know', async () => {
    const dir = writeFiles({ ...site });
    const first = await runDocsgen(['eject', 'Footer'], dir);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`✓ ejected Footer → ${path.join('theme', 'Footer.tsx')}`);
    const file = path.join(dir, 'theme/Footer.tsx');
    fs.appendFileSync(file, '// my edit\n');
    const again = await runDocsgen(['eject', 'Footer'], dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already; docsgen eject never overwrites a file');
    expect(fs.readFileSync(file, 'utf8')).toContain('// my edit');
    const typo = await runDocsgen(['eject', 'Fooer'], dir);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('docsgen has no built-in component named "Fooer". Did you mean Footer?');
  });

  it('--list names every overridable component with its props types', async () => {
    const run = await runDocsgen(['eject', '--list'], repoRoot);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Footer +components +props: FooterProps$/m);
    expect(run.stdout).toMatch(/^ApiOperation +pages +props: ApiOperationProps$/m);
    expect(run.stdout).toMatch(/^SearchBox +islands +props: SearchBoxProps$/m);
    expect(run.stdout).not.toMatch(/^Island /m);
  });
});

describe('docsgen/theme', () => {
  it('exports the props type of every overridable component', () => {
    const declared = new Set([...fs.readFileSync(path.join(repoRoot, 'src/theme/props.ts'), 'utf8').matchAll(/^export type (\w+) =/gm)].map((m) => m[1]));
    const wanted = ejectable().flatMap(propsTypes);
    expect(wanted.length).toBeGreaterThan(30);
    expect(wanted.filter((name) => !declared.has(name))).toEqual([]);
  });

  it('built-in names are unique across components, pages, layouts and islands (a theme file names one)', () => {
    const names = ['components', 'pages', 'layouts', 'islands'].flatMap((d) => fs.readdirSync(path.join(repoRoot, 'templates', d)).filter((f) => f.endsWith('.tsx')));
    expect(names.length).toBe(new Set(names).size);
  });
});
