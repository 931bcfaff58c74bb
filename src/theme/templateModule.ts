// Which renderTemplate renders a page: docsgen's built-in one, imported as always (a site
// without overrides pays nothing), or a themed bundle (src/theme/compileTemplates.ts), imported
// once per thread before its first page: the render stage itself is synchronous.
import { pathToFileURL } from 'node:url';
import { renderTemplate as builtinTemplate } from '../../templates/index';
import type { ThemeModule } from './compileTemplates';

export type RenderTemplate = typeof builtinTemplate;

const loaded = new Map<string, RenderTemplate>();

export async function loadThemeModule(theme: ThemeModule): Promise<void> {
  if (loaded.has(theme.module)) return;
  const mod = (await import(pathToFileURL(theme.module).href)) as { renderTemplate: RenderTemplate };
  loaded.set(theme.module, mod.renderTemplate);
}

export function templateOf(theme: ThemeModule | undefined): RenderTemplate {
  if (!theme) return builtinTemplate;
  const template = loaded.get(theme.module);
  if (!template) throw new Error(`The theme bundle ${theme.module} was not loaded before rendering (loadThemeModule)`);
  return template;
}
