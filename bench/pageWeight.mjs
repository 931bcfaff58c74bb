// Page weight of a built site, per page type: HTML, CSS and the JavaScript a page loads before
// any interaction (its module scripts and their static imports), each gzip-compressed as a
// server would send it; plus what the first interaction adds (the island and React chunks).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Files a module loads statically (`import … from "./chunk.js"`, `import "./x.js"`), transitively. */
function staticGraph(outDir, url, seen = new Set()) {
  if (seen.has(url)) return seen;
  seen.add(url);
  const code = fs.readFileSync(path.join(outDir, url), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)) {
    staticGraph(outDir, path.posix.join(path.posix.dirname(url), m[1]), seen);
  }
  return seen;
}

export function pageWeight(outDir, route) {
  const htmlFile = path.join(outDir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const html = fs.readFileSync(htmlFile);
  const text = html.toString('utf8');
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const scripts = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const before = new Set();
  for (const s of scripts) staticGraph(outDir, s, before);
  const manifest = /<script type="application\/json" id="docsgen-islands">(.*?)<\/script>/.exec(text);
  const islands = manifest ? Object.values(JSON.parse(manifest[1].replace(/\\u003c/g, '<')).islands) : [];
  const onInteraction = new Set();
  for (const url of islands) for (const f of staticGraph(outDir, url)) if (!before.has(f)) onInteraction.add(f);
  const sum = (files) => [...files].reduce((n, f) => n + gz(fs.readFileSync(path.join(outDir, f))), 0);
  return {
    htmlBytes: html.length,
    htmlGzip: gz(html),
    cssGzip: sum(css),
    jsBeforeInteractionGzip: sum(before),
    jsBeforeInteractionFiles: before.size,
    jsFirstInteractionGzip: sum(onInteraction),
  };
}

export const PAGE_TYPES = [
  ['home', '/'],
  ['guide', '/guides/boundaries/virtual-layers'],
  ['API operation', '/api/search-boundaries'],
  ['API tag', '/api/boundaries'],
];

/**
 * Each island's own code, gzip: its module and the chunks no other island and not the page
 * runtime loads (React, shared by every island, is left out). Islands no page uses are bundled
 * too (the try-it console is off on the shipped site), so they are measured from the manifest
 * of any page, or from the file names when no page lists them.
 */
export function islandWeights(outDir) {
  const jsDir = path.join(outDir, 'assets/js');
  const entries = fs.readdirSync(jsDir).filter((f) => /^island-.+\.js$/.test(f));
  const runtime = fs.readdirSync(jsDir).find((f) => /^runtime-.+\.js$/.test(f));
  const graphs = new Map(entries.map((f) => [f.replace(/^island-(.+)-[^-]+\.js$/, '$1'), staticGraph(outDir, `/assets/js/${f}`)]));
  const shared = new Set(runtime ? staticGraph(outDir, `/assets/js/${runtime}`) : []);
  const counts = new Map();
  for (const graph of graphs.values()) for (const f of graph) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...graphs].map(([name, graph]) => {
    const own = [...graph].filter((f) => counts.get(f) === 1 && !shared.has(f));
    return { name, ownGzip: own.reduce((n, f) => n + gz(fs.readFileSync(path.join(outDir, f))), 0) };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

// `node bench/pageWeight.mjs [siteDir]`: the page weights of a built site (default: a fresh build
// of the shipped site) and each island's own code, in KiB gzip.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { execFileSync } = await import('node:child_process');
  const os = await import('node:os');
  let dir = process.argv[2];
  let temp;
  if (!dir) {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-weight-'));
    dir = path.join(temp, 'site');
    execFileSync(process.execPath, [new URL('../bin/docsgen.js', import.meta.url).pathname, 'build', '--out', dir, '--quiet'], { stdio: 'inherit' });
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('page type        HTML        HTML gz    CSS gz     JS before interaction gz   JS on first interaction gz');
  for (const [name, route] of PAGE_TYPES) {
    const w = pageWeight(dir, route);
    console.log(`${name.padEnd(16)} ${kib(w.htmlBytes).padEnd(11)} ${kib(w.htmlGzip).padEnd(10)} ${kib(w.cssGzip).padEnd(10)} ${kib(w.jsBeforeInteractionGzip).padEnd(26)} ${kib(w.jsFirstInteractionGzip)}`);
  }
  console.log('\nisland (own code, without React)   gz');
  for (const { name, ownGzip } of islandWeights(dir)) console.log(`${name.padEnd(34)} ${kib(ownGzip)}`);
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
}
