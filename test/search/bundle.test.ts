// The query code as the browser will get it: `esbuild src/shared/search/query.ts --bundle
// --format=esm --platform=browser --minify`, run in Node, must answer exactly like the source.
// And the node side bundled as an ES module with elasticlunr inlined (the case where elasticlunr
// throws "lunr is not defined") must still build the same index.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSearchIndex, search } from '../../src/shared/search/query';
import type { SearchDocument } from '../../src/search/documents';
import type { BuiltSearchIndex } from '../../src/search/buildIndex';
import { cases } from './cases';
import { repoRoot, shippedSearchIndex } from './site';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-search-bundle-'));
let built: BuiltSearchIndex;
let documents: SearchDocument[];

async function bundle(entry: string, options: esbuild.BuildOptions): Promise<{ code: string; file: string }> {
  const result = await esbuild.build({ entryPoints: [path.join(repoRoot, entry)], bundle: true, format: 'esm', write: false, logLevel: 'silent', ...options });
  const code = result.outputFiles![0].text;
  const file = path.join(dir, `${path.basename(entry, '.ts')}-${options.platform}.mjs`);
  fs.writeFileSync(file, code);
  return { code, file };
}

beforeAll(async () => {
  ({ built, documents } = await shippedSearchIndex());
});

describe('the browser bundle of query.ts', () => {
  it('is small, self-contained and answers every relevance query exactly like the source', async () => {
    const { code, file } = await bundle('src/shared/search/query.ts', { platform: 'browser', minify: true });
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(`query.ts browser bundle: ${code.length} B minified, ${gzip} B gzip`);
    expect(gzip).toBeLessThanOrEqual(15 * 1024);
    expect(code).not.toMatch(/from\s*["']node:|require\(|\blunr\s*=/); // no node imports, no elasticlunr
    const bundled = await import(pathToFileURL(file).href);
    const fromBundle = bundled.loadSearchIndex(built.content);
    const fromSource = loadSearchIndex(built.content);
    for (const c of [...cases.map((x) => x.query), 'getting started', '学校', 'a', '']) {
      expect(bundled.search(fromBundle, c, { limit: 100 }), c).toEqual(search(fromSource, c, { limit: 100 }));
    }
  });
});

describe('elasticlunr bundled as an ES module', () => {
  it('throws "lunr is not defined" on its own (the quirk) …', async () => {
    const entry = path.join(dir, 'plain-entry.mjs');
    fs.writeFileSync(entry, "import elasticlunr from 'elasticlunr';\nexport default elasticlunr;\n");
    const result = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent', nodePaths: [path.join(repoRoot, 'node_modules')] });
    const file = path.join(dir, 'plain.mjs');
    fs.writeFileSync(file, result.outputFiles![0].text);
    expect(() => execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(file).href)})`], { stdio: 'pipe' })).toThrow(/lunr is not defined/);
  });

  it('… and buildIndex.ts, bundled the same way, loads and builds the same index', async () => {
    const { file } = await bundle('src/search/buildIndex.ts', { platform: 'node' });
    const out = path.join(dir, 'index-from-bundle.json');
    const docsFile = path.join(dir, 'documents.json');
    fs.writeFileSync(docsFile, JSON.stringify(documents));
    const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); const fs = await import('node:fs');
      fs.writeFileSync(${JSON.stringify(out)}, m.buildSearchIndex(JSON.parse(fs.readFileSync(${JSON.stringify(docsFile)}, 'utf8'))).content);`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
    expect(fs.readFileSync(out, 'utf8')).toBe(built.content);
  });
});
