// What a built site's HTML is made of: a sample of its pages parsed (cheerio over parse5, with
// source locations, so each part is measured in the page's own bytes, not re-serialised), each
// page's bytes split into the parts below, averaged per page and per page type.
//
//   node bench/htmlBytes.mjs <outDir> [--sample <n>]
//
// Parts, outermost first; an element inside one already counted is not counted again:
const PARTS = [
  ['head', 'head'],
  ['navbar', 'nav.navbar, .announcement-bar, .skip-link'],
  ['footer, scripts', 'footer.footer, body > script'],
  ['sidebar', 'aside.doc-sidebar'],
  ['TOC, breadcrumbs, pagination', '.doc-toc, nav.breadcrumbs, .pagination'],
  ['code samples', '.operation-samples'],
  // The wide layout's sidecar shows the request and response examples again beside the text.
  ['examples, sidecar copies', '.sidecar-request-example, .sidecar-response-example'],
  ['examples, inline', '.media-examples, .schema-named-examples'],
  ['schema trees', '.schema, ul.schema-fields'],
];
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';

const DEFAULT_SAMPLE = 700;
const int = (n) => Math.round(n).toLocaleString('en-US');
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const pct = (part, whole) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–');

function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .sort();
}

/** The page's type, from its route and its article's class. */
function pageType(rel, $) {
  if (rel.startsWith('guides/')) return 'guide';
  const article = $('article').first().attr('class') ?? '';
  if (article.includes('api-operation')) return 'API operation';
  if (article.includes('api-schema')) return 'API schema';
  if (rel.startsWith('api/')) return 'API index and tag';
  return 'other';
}

/** Bytes of each part of one page, `rest` being what no part claims. */
export function splitPage(html, rel = '') {
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true });
  const counted = []; // [start, end) character ranges already counted
  const inside = (loc) => counted.some(([s, e]) => loc.startOffset >= s && loc.endOffset <= e);
  const total = Buffer.byteLength(html);
  const parts = {};
  // Elements per part too: React's cost is mostly per element (bench/floors.mjs), not per byte.
  const elements = {};
  const allElements = $('*').length;
  let claimed = 0;
  let claimedElements = 0;
  for (const [name, selector] of PARTS) {
    let bytes = 0;
    let count = 0;
    $(selector).each((_, el) => {
      const loc = el.sourceCodeLocation;
      if (!loc || inside(loc)) return;
      counted.push([loc.startOffset, loc.endOffset]);
      bytes += Buffer.byteLength(html.slice(loc.startOffset, loc.endOffset));
      count += 1 + $(el).find('*').length;
    });
    parts[name] = bytes;
    elements[name] = count;
    claimed += bytes;
    claimedElements += count;
  }
  parts.rest = total - claimed;
  elements.rest = allElements - claimedElements;
  // The sidebar's links: how much of it is the same on every page of its section.
  const sidebarLinks = $('aside.doc-sidebar a').length;
  return { type: pageType(rel, $), total, parts, elements, allElements, sidebarLinks };
}

export function htmlByteSplit(outDir, { sample = DEFAULT_SAMPLE } = {}) {
  const files = htmlFiles(outDir);
  let allBytes = 0;
  for (const f of files) allBytes += fs.statSync(path.join(outDir, f)).size;
  const step = Math.max(1, Math.floor(files.length / sample));
  const picked = files.filter((_, i) => i % step === 0);
  const names = [...PARTS.map(([n]) => n), 'rest'];
  const sum = (list, key) => list.reduce((n, p) => n + (key ? p.parts[key] : p.total), 0);
  const pages = picked.map((rel) => splitPage(fs.readFileSync(path.join(outDir, rel), 'utf8'), rel));
  const types = [...new Set(pages.map((p) => p.type))].sort();
  const lines = [];
  lines.push(
    `${int(files.length)} HTML files, ${(allBytes / 1048576).toFixed(1)} MiB, **${kb(allBytes / files.length)} per page** on average. A sample of every ${step === 1 ? '' : `${step}th `}page (${int(pages.length)} pages, sorted by path) split into parts (each part's bytes in the page as written; an element inside an already counted part counts once). Per page type, the average bytes and their share of that type's pages:`,
  );
  lines.push('');
  lines.push(`| Part | Average page | Share | Elements | ${types.map((t) => `${t} (${pages.filter((p) => p.type === t).length})`).join(' | ')} |`);
  lines.push(`|---|---:|---:|---:|${types.map(() => '---:|').join('')}`);
  const elementsOf = (name) => pages.reduce((n, p) => n + p.elements[name], 0);
  const allElements = pages.reduce((n, p) => n + p.allElements, 0);
  const avg = (list, key) => (list.length ? sum(list, key) / list.length : 0);
  for (const name of names) {
    lines.push(`| ${name} | ${kb(avg(pages, name))} | ${pct(sum(pages, name), sum(pages))} | ${int(elementsOf(name) / pages.length)} (${pct(elementsOf(name), allElements)}) | ${types.map((t) => {
      const of = pages.filter((p) => p.type === t);
      return `${kb(avg(of, name))} (${pct(sum(of, name), sum(of))})`;
    }).join(' | ')} |`);
  }
  lines.push(`| **total** | **${kb(avg(pages))}** | 100 % | ${int(allElements / pages.length)} | ${types.map((t) => `**${kb(avg(pages.filter((p) => p.type === t)))}**`).join(' | ')} |`);
  lines.push('');
  const withSidebar = pages.filter((p) => p.parts.sidebar > 0);
  lines.push(`Sidebar: ${int(avg(withSidebar, 'sidebar'))} bytes and ${int(withSidebar.reduce((n, p) => n + p.sidebarLinks, 0) / Math.max(1, withSidebar.length))} links on an average page that has one; over the whole site about ${((avg(pages, 'sidebar') * files.length) / 1048576).toFixed(1)} MiB of the ${(allBytes / 1048576).toFixed(1)} MiB.`);
  return { markdown: lines.join('\n'), pages, files: files.length, allBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, flag, n] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node bench/htmlBytes.mjs <outDir> [--sample <n>]');
    process.exit(2);
  }
  console.log(htmlByteSplit(path.resolve(dir), { sample: flag === '--sample' ? Number(n) : DEFAULT_SAMPLE }).markdown);
}
