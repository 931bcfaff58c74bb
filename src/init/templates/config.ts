// The docsgen.config.ts `docsgen init` writes: only what has no sensible default (the title, the
// published address, the spec); everything else is left to docsgen's defaults so the file stays
// small enough to read at a glance.
import type { InitAnswers } from '../answers';
import { splitSiteUrl } from '../answers';

export const CONFIG_FILE = 'docsgen.config.ts';

export function configFile(answers: InitAnswers): string {
  const { url, baseUrl } = splitSiteUrl(answers.siteUrl);
  const spec = answers.spec.kind === 'url' ? answers.spec.url : answers.spec.file;
  const lines = [
    `import { defineConfig } from 'docsgen';`,
    ``,
    `// Every key not set here has a default: see "Configuration" in docsgen's README.`,
    `export default defineConfig({`,
    `  title: ${tsString(answers.title)},`,
    `  // Where the site is published: the origin here, the path in baseUrl.`,
    `  url: ${tsString(url)},`,
  ];
  if (baseUrl !== '/') lines.push(`  baseUrl: ${tsString(baseUrl)},`);
  lines.push(
    `  // Pages are written as folders (guides/x/index.html) and linked as /guides/x/, the form`,
    `  // GitHub Pages and most static hosts serve without a redirect.`,
    `  trailingSlash: true,`,
    `  openapi: { spec: ${tsString(spec)} },`,
    `});`,
    ``,
  );
  return lines.join('\n');
}

/** A single-quoted TypeScript string literal: a title may hold quotes or backslashes. */
export function tsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r?\n/g, '\\n')}'`;
}
