// `check-links --external`: fetches each distinct external URL once, a few at a time, with a
// timeout and retries for answers that say "try again" (network errors, timeouts, 408, 429,
// 5xx). HEAD first; servers that refuse HEAD get a GET whose body is not read. Results are kept
// in `.docsgen/external-links.json` so a pre-commit hook does not hit the network for links it
// checked recently: a good result is trusted for a day, a bad one is always checked again.
import fs from 'node:fs';
import path from 'node:path';
import { warning } from '../diagnostics/diagnostic';
import type { LinkDiagnostic } from './check';
import type { ExternalLink } from './collect';
import type { ExternalCheckOptions } from './types';

interface Result {
  ok: boolean;
  status?: number;
  error?: string;
  checkedAt: number;
}

interface CacheFile {
  version: 1;
  results: Record<string, Result>;
}

export async function checkExternalLinks(links: ExternalLink[], options: ExternalCheckOptions & { cacheFile: string }): Promise<{ diagnostics: LinkDiagnostic[]; checked: number }> {
  const concurrency = options.concurrency ?? 8;
  const maxAge = options.maxAgeMs ?? 86_400_000;
  const cache = readCache(options.cacheFile);
  const now = Date.now();
  const urls = [...new Set(links.map((l) => withoutHash(l.url)))];
  const results = new Map<string, Result>();
  const queue = urls.filter((url) => {
    const cached = cache.results[url];
    if (cached?.ok && now - cached.checkedAt < maxAge) {
      results.set(url, cached);
      return false;
    }
    return true;
  });
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) results.set(url, await checkUrl(url, options));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  for (const [url, result] of results) cache.results[url] = result;
  writeCache(options.cacheFile, cache);

  const diagnostics: LinkDiagnostic[] = [];
  for (const link of links) {
    const result = results.get(withoutHash(link.url))!;
    if (result.ok) continue;
    const why = result.status !== undefined ? `answered ${result.status}` : result.error ?? 'failed';
    diagnostics.push({
      ...warning('broken-external-link', `The external link "${link.url}" ${why}.`, { location: link.location, hint: 'External links are warnings: a site that is down for a moment should not block a commit.' }),
      target: link.url,
      reason: `the server ${result.status !== undefined ? `answered ${result.status}` : `could not be reached (${why})`}`,
    });
  }
  return { diagnostics, checked: urls.length };
}

async function checkUrl(url: string, options: ExternalCheckOptions): Promise<Result> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  let last: Result = { ok: false, checkedAt: Date.now() };
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** (attempt - 1)));
    try {
      let response = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 405 || response.status === 501 || response.status === 403) {
        response = await fetch(url, { method: 'GET', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
      }
      last = { ok: response.ok, status: response.status, checkedAt: Date.now() };
      if (response.ok || !(response.status === 408 || response.status === 429 || response.status >= 500)) return last;
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      last = { ok: false, error: err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : err.cause?.code ?? err.message, checkedAt: Date.now() };
    }
  }
  return last;
}

function withoutHash(url: string): string {
  const i = url.indexOf('#');
  return i === -1 ? url : url.slice(0, i);
}

function readCache(file: string): CacheFile {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheFile;
    if (data.version === 1 && typeof data.results === 'object') return data;
  } catch {
    // missing or unreadable: start afresh
  }
  return { version: 1, results: {} };
}

function writeCache(file: string, cache: CacheFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(cache, null, 2) + '\n');
  fs.renameSync(tmp, file);
}
