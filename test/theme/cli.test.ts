// The CLI, as a user runs it (compiled, without Node's source maps): an override's failures are
// reported at the override's own file, line and column, mapped back from the compiled bundle.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture';
import { runDocsgen } from '../faults/harness';

describe('docsgen build with theme/ overrides', () => {
  it('an override that throws is reported at its line; one that does not compile at its column', async () => {
    const dir = writeFiles({
      'content/guides/a.md': '---\ntitle: A\n---\nHi\n',
      'theme/Footer.tsx': 'export function Footer(props: { nope?: string[] }) {\n  const links = props.nope;\n  return <footer>{links!.length}</footer>;\n}\n',
    });
    const thrown = await runDocsgen(['build'], dir);
    expect(thrown.code).toBe(1);
    expect(thrown.stderr).toContain(`theme/Footer.tsx:3:${'  return <footer>{links!.length}</footer>;'.indexOf('links!.length') + 8} Rendering the page /guides/a failed in theme/Footer.tsx: Cannot read properties of undefined (reading 'length')`);
    expect(thrown.stderr).toContain('note: while rendering content/guides/a.md');
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);

    fs.writeFileSync(path.join(dir, 'theme/Footer.tsx'), 'export function Footer() {\n  return <footer>oops</foter>;\n}\n');
    const broken = await runDocsgen(['build'], dir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`theme/Footer.tsx:2:${'  return <footer>oops</foter>;'.indexOf('foter') + 1} Compiling Footer.tsx failed: Unexpected closing "foter" tag does not match opening "footer" tag`);
  });
});
