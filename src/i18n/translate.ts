// A locale's guides: each guide of `content/guides/<path>` is replaced by
// `i18n/<locale>/guides/<same path>` when that file exists. The route, folder and order stay the
// original's (a translation cannot move a page); its front matter is laid over the original's,
// so a translation needs only what it changes (title, description…).
import fs from 'node:fs';
import path from 'node:path';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { GuideSource } from '../content/discover';
import { parseMarkdownFile } from '../content/frontmatter';
import { notAFile } from '../content/regularFiles';

export interface TranslatedGuides {
  sources: GuideSource[];
  /** Routes of the guides shown in the default locale's text. */
  untranslated: Set<string>;
  diagnostics: Diagnostic[];
}

/**
 * `routeByFile` (file → route, used to resolve `.md` links) gets the translated paths too: a
 * relative `.md` link in a translation then resolves as the same link in the original, also
 * when it points at a guide that has no translation.
 */
export function translateGuides(sources: GuideSource[], dir: string, routeByFile: Map<string, string>): TranslatedGuides {
  const untranslated = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const known = new Set<string>();
  const translated = sources.map((source): GuideSource => {
    const file = path.join(dir, source.relPath);
    known.add(file);
    routeByFile.set(file, source.route);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      // Read whole, a pipe would wait for a writer for good.
      if (stat && !stat.isDirectory()) diagnostics.push(notAFile(file, source.relPath, 'translations'));
      untranslated.add(source.route);
      return source;
    }
    const parsed = parseMarkdownFile(file);
    diagnostics.push(...parsed.diagnostics);
    return { ...source, file, frontMatter: { ...source.frontMatter, ...parsed.frontMatter, slug: source.frontMatter.slug }, body: parsed.body, bodyLineOffset: parsed.bodyLineOffset };
  });
  for (const file of listMarkdown(dir)) {
    if (!known.has(file)) {
      diagnostics.push(warning('i18n-orphan-translation', `This translation has no guide of the same path in the content folder (${path.relative(dir, file)}), so no page shows it.`, { location: { file }, hint: 'Translations mirror the paths of content/guides: move or rename it to match its original.' }));
    }
  }
  return { sources: translated, untranslated, diagnostics };
}

function listMarkdown(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(dir, f));
}
