// `docsgen/theme` from a project's own TypeScript: the props types of the overridable components,
// the built-ins to wrap and docsgen's helpers an ejected file imports, as the packed package's
// type declarations (bin/compile.js --pack: tsconfig.types.json) and package.json "exports" give them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixture';

const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
let project: string;

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-theme-types-'));
  // The package as installed: its package.json and the declarations `npm pack` makes.
  const pkg = path.join(project, 'node_modules/docsgen');
  fs.mkdirSync(pkg, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(pkg, 'package.json'));
  const emitted = spawnSync(process.execPath, [tsc, '-p', path.join(repoRoot, 'tsconfig.types.json'), '--outDir', path.join(pkg, 'dist/types')], { encoding: 'utf8' });
  expect(emitted.stdout + emitted.stderr).toBe('');
  for (const dep of ['react', '@types/react']) {
    fs.mkdirSync(path.dirname(path.join(project, 'node_modules', dep)), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules', dep), path.join(project, 'node_modules', dep));
  }
  fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, jsx: 'react-jsx', module: 'preserve', moduleResolution: 'bundler', noEmit: true, skipLibCheck: true, types: [] }, include: ['theme', 'content'] }));
}, 60_000);

function typecheck(files: Record<string, string>): string[] {
  fs.rmSync(path.join(project, 'theme'), { recursive: true, force: true });
  fs.rmSync(path.join(project, 'content'), { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
    fs.writeFileSync(path.join(project, rel), text);
  }
  const run = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8', cwd: project });
  return run.stdout.split('\n').filter((l) => l.includes('error TS'));
}

describe('docsgen/theme types', () => {
  it('type an override, the original it wraps, docsgen helpers and a custom page; and catch a wrong prop', () => {
    const errors = typecheck({
      'theme/Footer.tsx': `import { Footer as OriginalFooter } from 'docsgen/theme/original/components/Footer';
import { useMessages } from 'docsgen/theme/components/Messages';
import { withBase } from 'docsgen/theme/shared/url';
import type { FooterProps } from 'docsgen/theme';
export function Footer(props: FooterProps) {
  const t = useMessages();
  const year: number = props.footer.copyright;
  return <><a href={withBase('/', '/guides')}>{t.guides}</a><OriginalFooter {...props} /></>;
}
`,
      'content/pages/pricing.tsx': `import type { CustomPageProps } from 'docsgen/theme';
export default function Pricing({ site, page }: CustomPageProps) {
  return <h1>{site.title} {page.route}</h1>;
}
`,
    });
    expect(errors).toEqual([expect.stringMatching(/^theme\/Footer\.tsx\(7,9\): error TS2322: Type 'string' is not assignable to type 'number'\.$/)]);
  });
});
