// The branding's part of the site stylesheet, appended after the built-in styles: the palette
// derived from the primary colour, the font lists, and an @font-face per font file. Also the
// contrast warnings of that palette, located at `branding.primaryColor` in the config.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { locateKey } from '../config/load';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import { contrastProblems, derivePalette, formatRatio, paletteCss } from './palette';

/** Where the site stylesheet lives (render/styles.ts): font URLs are relative to it, so they work under any baseUrl. */
const STYLESHEET_DIR = '/assets/css';

export function brandStylesheet(config: ResolvedConfig): { css: string; diagnostics: Diagnostic[] } {
  const { primaryColor, fonts } = config.branding;
  const parts: string[] = [];
  const diagnostics: Diagnostic[] = [];
  if (primaryColor) {
    const palette = derivePalette(primaryColor);
    parts.push(paletteCss(palette));
    const problems = contrastProblems(palette);
    if (problems.length > 0) {
      const location = locateKey(config.configFile, fs.readFileSync(config.configFile, 'utf8'), 'branding.primaryColor');
      for (const p of problems) {
        diagnostics.push(
          warning('brand-contrast', `Primary colour ${primaryColor}: ${p.pair} is ${formatRatio(p.ratio)}, below WCAG AA ${p.minimum}:1.`, {
            location,
            hint: `Pick a primary colour with more contrast, or set ${p.token} for ${p.mode} mode (the selector [data-theme='${p.mode}']) in a stylesheet of branding.customCss.`,
          }),
        );
      }
    }
  }
  const families = [fonts.body ? `  --font-sans: ${fonts.body};` : '', fonts.code ? `  --font-mono: ${fonts.code};` : ''].filter(Boolean);
  if (families.length > 0) parts.push(`:root {\n${families.join('\n')}\n}\n`);
  for (const face of fonts.faces) {
    const format = { '.woff2': 'woff2', '.woff': 'woff', '.ttf': 'truetype', '.otf': 'opentype' }[path.extname(face.path)] ?? 'woff2';
    const url = path.posix.relative(STYLESHEET_DIR, face.path);
    parts.push(`@font-face {\n  font-family: '${face.family}';\n  src: url('${url}') format('${format}');\n  font-weight: ${face.weight};\n  font-style: ${face.style};\n  font-display: swap;\n}\n`);
  }
  return { css: parts.length > 0 ? `/* branding (docsgen.config) */\n${parts.join('\n')}` : '', diagnostics };
}
