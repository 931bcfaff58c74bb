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
