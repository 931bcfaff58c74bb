// A URL spec in watch mode: fetched at start, again on request (`r`, POST
// /__docsgen/refetch-spec) and optionally on a timer. Each good copy is kept in
// `.docsgen/spec-cache/`; when the API's dev server is down, the last good copy is used and a
// warning says so, with its age. `docsgen build` never falls back: only authoring does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, warning } from '../diagnostics/diagnostic';
import type { Logger } from '../diagnostics/logger';
import { fetchSpec, parseSpec, type SpecSource } from '../openapi/load';

export interface CachedSpecResult {
  spec: SpecSource;
  /** True when the network copy failed and the cached copy is used. */
  fromCache: boolean;
}

export function specCacheFile(root: string, url: string): string {
  return path.join(root, '.docsgen', 'spec-cache', `${createHash('sha1').update(url).digest('hex').slice(0, 12)}.spec`);
}

export async function fetchSpecWithFallback(url: string, options: { root: string; timeoutMs: number; logger: Logger }): Promise<CachedSpecResult> {
  const file = specCacheFile(options.root, url);
  let text: string;
  try {
    text = await fetchSpec(url, options.timeoutMs);
  } catch (e) {
    if (!(e instanceof DocsgenError) || !fs.existsSync(file)) throw e;
    const cached = fs.readFileSync(file, 'utf8');
    const age = Date.now() - fs.statSync(file).mtimeMs;
    const reason = e.diagnostics[0]?.text ?? (e as Error).message;
    options.logger.diagnostic(
      warning('spec-cache-fallback', `${reason.replace(/\.$/, '')}. Serving the API reference from the last good copy instead, fetched ${formatAge(age)} ago; it may be out of date.`, {
        location: { file },
        hint: 'Start the API dev server, then press r (or POST /__docsgen/refetch-spec) to fetch it again.',
      }),
    );
    return { spec: { source: url, text: cached, document: parseSpec(cached, url) }, fromCache: true };
  }
  // Parse before caching: a copy that does not parse is never "the last good copy".
  const spec = { source: url, text, document: parseSpec(text, url) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
  return { spec, fromCache: false };
}

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}
