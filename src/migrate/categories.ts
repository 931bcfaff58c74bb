// Docusaurus's `_category_.json|yml` and a hand-written sidebar's order → docsgen's
// `_category_.yml` per folder (label, position, items).
import path from 'node:path';
import { load as loadYaml, dump as dumpYaml } from 'js-yaml';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { labelFromDir } from '../content/discover';
import { itemId, type SidebarOrder } from './sidebars';
import { readText, rel } from './files';

export /** The `_category_.yml` of each folder: Docusaurus's category file, with the sidebar's label and order. */
function categoryFiles(categories: [string, string][], order: SidebarOrder | undefined, notes: string[]): Map<string, string> {
  const byFolder = new Map<string, { label?: string; position?: number; items?: string[] }>();
  for (const [relPath, abs] of categories) {
    const folder = path.posix.dirname(relPath) === '.' ? '' : path.posix.dirname(relPath);
    let data: Record<string, unknown>;
    try {
      const text = readText(abs);
      data = (abs.endsWith('.json') ? JSON.parse(text) : loadYaml(text)) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof DocsgenError) throw e;
      throw new DocsgenError([error('migrate-bad-category', `${rel(abs)} could not be parsed: ${(e as Error).message}`, { location: { file: abs } })]);
    }
    const entry: { label?: string; position?: number } = {};
    if (typeof data?.label === 'string') entry.label = data.label;
    if (typeof data?.position === 'number') entry.position = data.position;
    const dropped = Object.keys(data ?? {}).filter((k) => k !== 'label' && k !== 'position');
    if (dropped.length > 0) notes.push(`${rel(abs)}: ${dropped.map((k) => `"${k}"`).join(', ')} left out (docsgen categories have a label, a position and an order; every category is expanded).`);
    byFolder.set(folder, entry);
  }
  for (const [folder, label] of order?.labels ?? []) {
    const entry = byFolder.get(folder) ?? {};
    entry.label ??= label;
    byFolder.set(folder, entry);
  }
  for (const [folder, items] of order?.items ?? []) {
    if (items.length < 2) continue;
    const entry = byFolder.get(folder) ?? {};
    entry.items = items;
    byFolder.set(folder, entry);
  }
  const out = new Map<string, string>();
  for (const [folder, entry] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
    const name = folder.split('/').pop() ?? '';
    const label = entry.label ?? (folder ? labelFromDir(itemId(name)) : undefined);
    const data = { ...(label ? { label } : {}), ...(entry.position !== undefined ? { position: entry.position } : {}), ...(entry.items ? { items: entry.items } : {}) };
    if (Object.keys(data).length > 0) out.set(`${folder ? `${folder}/` : ''}_category_.yml`, dumpYaml(data, { flowLevel: 1, lineWidth: -1 }));
  }
  return out;
}
