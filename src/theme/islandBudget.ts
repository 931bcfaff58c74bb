// What an overridden island costs a reader: the JavaScript a page that shows it downloads before
// anyone interacts with it (the page runtime, React, the island and the chunks they import), in
// gzip bytes as a server sends them. An override can pull a whole library into the page; the
// build says so, and warns above the budget.
import path from 'node:path';
import zlib from 'node:zlib';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { IslandAssets } from '../islands/bundle';

/**
 * A page with one of the built-in islands loads 75–88 KB (gzip) of JavaScript: the runtime and
 * React 19 are 74 KB of it; the heaviest island (TryIt) adds 12 KB. The budget leaves an
 * override as much again, while a library like a charting or date package (tens of KB) shows up
 * as a warning. Measured with src/islands/bundle.ts bundleIslands({ minify: true }).
 */
export const ISLAND_BUDGET_BYTES = 100 * 1024;

export interface IslandCost {
  name: string;
  /** Gzip bytes of everything a page with the island loads. */
  total: number;
  /** Of which the island's own module and the chunks no other island or the runtime imports. */
  own: number;
}

export function islandCost(assets: Pick<IslandAssets, 'runtime' | 'islands' | 'files'>, name: string): IslandCost {
  const runtime = closure(assets.files, assets.runtime);
  const island = closure(assets.files, assets.islands[name]);
  // Shared: what the runtime or any other island loads too (React's chunk, the mount helper).
  const shared = new Set([...runtime, ...Object.keys(assets.islands).filter((n) => n !== name).flatMap((n) => [...closure(assets.files, assets.islands[n])])]);
  const size = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + zlib.gzipSync(assets.files.get(f)!).length, 0);
  return { name, total: size(new Set([...runtime, ...island])), own: size([...island].filter((f) => !shared.has(f))) };
}

/** The module at `url` and every module it imports statically (dynamic imports load later). */
function closure(files: Map<string, Uint8Array>, url: string | undefined): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !files.has(file)) return;
    seen.add(file);
    const text = Buffer.from(files.get(file)!).toString('utf8');
    for (const m of text.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  if (url) visit(url.replace(/^\/+/, ''));
  return seen;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The build's line for each overridden island, and a warning for those over the budget. */
export function islandBudgetReport(costs: IslandCost[], fileOf: (name: string) => string): { lines: string[]; diagnostics: Diagnostic[] } {
  const lines = costs.map((c) => `islands: ${c.name} (${fileOf(c.name)}) ${formatKb(c.total)} gzip before interaction, ${formatKb(c.own)} of it its own (budget ${formatKb(ISLAND_BUDGET_BYTES)})`);
  const diagnostics = costs
    .filter((c) => c.total > ISLAND_BUDGET_BYTES)
    .map((c) =>
      warning('island-budget', `The island ${c.name} loads ${formatKb(c.total)} of JavaScript (gzip) before interaction, over the budget of ${formatKb(ISLAND_BUDGET_BYTES)}.`, {
        location: { file: fileOf(c.name) },
        hint: 'Import less into the override (a smaller library, or load a heavy one with import() when it is needed).',
      }),
    );
  return { lines, diagnostics };
}
