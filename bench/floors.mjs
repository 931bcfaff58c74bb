// This machine's floors for a build (bench/profile.mjs runs it after a profiled build of a
// generated site, with that build's output and a sample of its render threads' input):
//
//   - Node start-up: `node -e 0`, and `node bin/docsgen.js --help` (loads the compiled CLI's
//     entry, no build);
//   - writing: the same number and sizes of files as the build wrote, into a new temporary
//     folder, from one thread with writeFileSync (what a render thread does);
//   - rendering: the build's own renderPage (the compiled render-worker entry, given the captured
//     site model and page batches, no output folder so nothing is written) in 1 and in 2 threads;
//     React's renderToString of element trees that produce the same HTML (parsed back from the
//     written pages: no template logic, no highlighting, only React emitting the bytes); and a
//     plain string serialiser over those trees (what emitting the bytes costs without React);
//   - markdown: markdown-it with no plugins over the guides' markdown (the content stage's floor).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

// React's production build: the development one is several times slower.
process.env.NODE_ENV = 'production';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const DIST = path.join(ROOT, 'node_modules', '.cache', 'docsgen', 'dist');

const int = (n) => Math.round(n).toLocaleString('en-US');
const mibs = (bytes, ms) => `${(bytes / 1048576 / (ms / 1000)).toFixed(1)} MiB/s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---------------------------------------------------------------------------------------------
// Start-up

export function startup(runs = 10) {
  const time = (args) => {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
      times.push(performance.now() - start);
    }
    return median(times);
  };
  return { nodeMs: time(['-e', '0']), helpMs: time(['bin/docsgen.js', '--help']), importMs: time(['--input-type=module', '-e', "process.env.NODE_ENV='production'; await import('./bin/api.js')"]) };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Every file of a folder with its size, relative paths. */
export function fileSizes(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => {
      const abs = path.join(d.parentPath ?? d.path, d.name);
      return [path.relative(dir, abs), fs.statSync(abs).size];
    });
}

/** Writes files of these sizes (same paths) into a new folder; the median of `runs`. */
export function writeFloor(sizes, runs = 3) {
  const biggest = Math.max(...sizes.map(([, s]) => s));
  const content = Buffer.alloc(biggest, '<p>floor</p>\n');
  const bytes = sizes.reduce((n, [, s]) => n + s, 0);
  const times = [];
  for (let r = 0; r < runs; r++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-write-floor-'));
    try {
      const dirs = new Set();
      const start = performance.now();
      for (const [rel, size] of sizes) {
        const target = path.join(dir, rel);
        const parent = path.dirname(target);
        if (!dirs.has(parent)) {
          fs.mkdirSync(parent, { recursive: true });
          dirs.add(parent);
        }
        fs.writeFileSync(target, content.subarray(0, size));
      }
      times.push(performance.now() - start);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const ms = median(times);
  return { files: sizes.length, bytes, ms, bytesPerS: bytes / (ms / 1000) };
}

// ---------------------------------------------------------------------------------------------
// Rendering with the build's own code

/** Renders every captured batch `passes` times in each of `threads` workers at once; HTML bytes per second. */
async function renderThroughput(capture, threads, passes) {
  const workerData = { ...v8.deserialize(capture.workerData), outDir: undefined };
  const batches = capture.batches.map((b) => v8.deserialize(b));
  const pageCount = batches.reduce((n, b) => n + b.pages.length, 0);
  const workers = Array.from({ length: threads }, () => new Worker(path.join(DIST, 'render-worker.mjs'), { workerData }));
  const send = (worker, batch) =>
    new Promise((resolve, reject) => {
      worker.once('message', (reply) => (reply.failed ? reject(new Error(reply.failed.message)) : resolve(reply.results)));
      worker.postMessage(batch);
    });
  const runAll = async (worker, n) => {
    let bytes = 0;
    for (let p = 0; p < n; p++) for (const batch of batches) for (const r of await send(worker, batch)) bytes += Buffer.byteLength(r.html);
    return bytes;
  };
  try {
    await Promise.all(workers.map((w) => runAll(w, 1))); // warm-up: JIT, React's first renders
    const start = performance.now();
    const bytes = (await Promise.all(workers.map((w) => runAll(w, passes)))).reduce((a, b) => a + b, 0);
    const ms = performance.now() - start;
    return { threads, pages: pageCount * passes * threads, bytes, ms, bytesPerS: bytes / (ms / 1000), msPerPage: (ms * threads) / (pageCount * passes * threads) };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

// ---------------------------------------------------------------------------------------------
// React alone, and no React

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RENAME = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', readonly: 'readOnly', maxlength: 'maxLength', colspan: 'colSpan', rowspan: 'rowSpan', autocomplete: 'autoComplete', spellcheck: 'spellCheck', 'accept-charset': 'acceptCharset', 'http-equiv': 'httpEquiv', crossorigin: 'crossOrigin', srcset: 'srcSet', viewbox: 'viewBox', enterkeyhint: 'enterKeyHint', inputmode: 'inputMode' };
const BOOLEAN = new Set(['hidden', 'open', 'checked', 'disabled', 'required', 'defer', 'async', 'selected', 'multiple', 'readonly', 'autofocus', 'novalidate']);

/** A parse5 node → a React element tree that renders to (nearly) the same HTML. */
function toReact(React, node, key) {
  if (node.nodeName === '#text') return node.value;
  if (node.nodeName === '#comment' || node.nodeName === '#documentType') return null;
  const props = key === undefined ? {} : { key };
  for (const { name, value } of node.attrs ?? []) {
    if (name === 'style') props.style = Object.fromEntries(value.split(';').filter((d) => d.includes(':')).map((d) => {
      const [k, ...v] = d.split(':');
      return [k.trim().replace(/-([a-z])/g, (_, c) => c.toUpperCase()), v.join(':').trim()];
    }));
    else if (BOOLEAN.has(name)) props[RENAME[name] ?? name] = true;
    else props[RENAME[name] ?? name] = value;
  }
  const tag = node.tagName;
  const children = node.tagName === 'template' ? node.content.childNodes : node.childNodes ?? [];
  if (tag === 'script' || tag === 'style') {
    props.dangerouslySetInnerHTML = { __html: children.map((c) => c.value ?? '').join('') };
    return React.createElement(tag, props);
  }
  if (VOID.has(tag) || children.length === 0) return React.createElement(tag, props);
  const kids = children.map((c, i) => toReact(React, c, children.length > 1 ? i : undefined)).filter((c) => c !== null);
  return React.createElement(tag, props, ...kids);
}

function escapeText(s) {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
function escapeAttr(s) {
  return s.replace(/[&"]/g, (c) => (c === '&' ? '&amp;' : '&quot;'));
}

/** The cheapest serialiser of a tree to HTML: one string, escaping as React does. */
function serialise(node, out) {
  if (node.nodeName === '#text') {
    out.push(escapeText(node.value));
    return;
  }
  if (node.nodeName === '#comment' || node.nodeName === '#documentType') return;
  let open = `<${node.tagName}`;
  for (const { name, value } of node.attrs) open += ` ${name}="${escapeAttr(value)}"`;
  out.push(open + '>');
  if (VOID.has(node.tagName)) return;
  if (node.tagName === 'script' || node.tagName === 'style') for (const c of node.childNodes) out.push(c.value ?? '');
  else for (const c of node.childNodes) serialise(c, out);
  out.push(`</${node.tagName}>`);
}

/** renderToString and the plain serialiser over trees equal to these pages; bytes per second, one thread. */
export function reactFloor(htmls, { minMs = 3000 } = {}) {
  const React = require('react');
  const { renderToString } = require('react-dom/server');
  const { parse } = require('parse5');
  const trees = htmls.map((h) => parse(h).childNodes.find((n) => n.tagName === 'html'));
  const trees2 = trees.map((t) => toReact(React, t));
  const measure = (fn) => {
    fn(); // warm-up
    let bytes = 0;
    let passes = 0;
    const start = performance.now();
    while (performance.now() - start < minMs) {
      for (const x of fn()) bytes += Buffer.byteLength(x);
      passes++;
    }
    const ms = performance.now() - start;
    return { bytes, ms, passes, bytesPerS: bytes / (ms / 1000) };
  };
  const react = measure(() => trees2.map((e) => renderToString(e)));
  const plain = measure(() => trees.map((t) => {
    const out = [];
    serialise(t, out);
    return out.join('');
  }));
  const count = (n) => (n.tagName ? 1 + (n.childNodes ?? []).reduce((c, k) => c + count(k), 0) : 0);
  const elements = trees.reduce((n, t) => n + count(t), 0);
  return { pages: htmls.length, elementsPerPage: elements / htmls.length, nsPerElement: (react.ms * 1e6) / (elements * react.passes), react, plain };
}

// ---------------------------------------------------------------------------------------------
// markdown-it

export function markdownFloor(inputDir, { minMs = 2000 } = {}) {
  const MarkdownIt = require('markdown-it');
  const md = new MarkdownIt({ html: true });
  const guidesDir = path.join(inputDir, 'content', 'guides');
  const texts = fs
    .readdirSync(guidesDir, { recursive: true })
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(guidesDir, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  for (const t of texts) md.render(t); // warm-up
  let passes = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    for (const t of texts) md.render(t);
    passes++;
  }
  const ms = (performance.now() - start) / passes;
  return { files: texts.length, bytes, ms, bytesPerS: bytes / (ms / 1000) };
}

// ---------------------------------------------------------------------------------------------
// All of them, against the profiled build

export async function measureFloors({ outDir, inputDir, captureFile, result, log = () => {} }) {
  const stageMs = Object.fromEntries(result.timings);
  log('floors: Node start-up');
  const start = startup();
  log('floors: writing');
  const sizes = fileSizes(outDir);
  const write = writeFloor(sizes);
  const htmlFiles = sizes.filter(([rel]) => rel.endsWith('.html'));
  const htmlBytes = htmlFiles.reduce((n, [, s]) => n + s, 0);
  log('floors: renderPage in 1 and 2 threads');
  const capture = v8.deserialize(fs.readFileSync(captureFile));
  const one = await renderThroughput(capture, 1, 2);
  const two = await renderThroughput(capture, 2, 2);
  log('floors: renderToString and a plain serialiser');
  const step = Math.max(1, Math.floor(htmlFiles.length / 200));
  const sample = htmlFiles.filter((_, i) => i % step === 0).map(([rel]) => fs.readFileSync(path.join(outDir, rel), 'utf8'));
  const react = reactFloor(sample);
  const md = inputDir && fs.existsSync(path.join(inputDir, 'content', 'guides')) ? (log('floors: markdown-it'), markdownFloor(inputDir)) : undefined;
  const cores = os.availableParallelism();

  const renderMs = stageMs.render;
  // The render stage's floor: its HTML through renderPage on every core, plus writing it from one thread.
  const renderFloorMs = (htmlBytes / (two.bytesPerS || one.bytesPerS * cores)) * 1000;
  const writeHtmlMs = (htmlBytes / write.bytesPerS) * 1000;
  const lines = [];
  lines.push(`Measured right after the profiled build, on the same machine (${os.cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, load ${os.loadavg()[0].toFixed(2)}).`);
  lines.push('');
  lines.push('| Floor | Measured | What it means for the build |');
  lines.push('|---|---:|---|');
  lines.push(`| Node start-up, \`node -e 0\` | ${int(start.nodeMs)} ms | the least any CLI run costs |`);
  lines.push(`| \`node bin/docsgen.js --help\` | ${int(start.helpMs)} ms | start-up plus the compiled CLI's entry (commander only) |`);
  lines.push(`| importing the API (\`bin/api.js\`, React, markdown-it, …) | ${int(start.importMs)} ms | a build's start-up before its first stage |`);
  lines.push(`| Writing ${int(write.files)} files, ${(write.bytes / 1048576).toFixed(1)} MiB (the build's sizes), 1 thread | ${int(write.ms)} ms, ${mibs(write.bytes, write.ms)} | the HTML alone: ${int(writeHtmlMs)} ms |`);
  lines.push(`| renderPage (the build's own code), 1 thread, ${int(one.pages)} pages | ${mibs(one.bytes, one.ms)}, ${one.msPerPage.toFixed(2)} ms/page | the ${(htmlBytes / 1048576).toFixed(0)} MiB of HTML: ${int((htmlBytes / one.bytesPerS) * 1000)} ms on one core |`);
  lines.push(`| renderPage, 2 threads at once | ${mibs(two.bytes, two.ms)} (${(two.bytesPerS / one.bytesPerS).toFixed(2)}× one) | ${int(renderFloorMs)} ms for the site's HTML |`);
  lines.push(`| React renderToString of the same HTML as prebuilt element trees, 1 thread (${react.pages} pages) | ${mibs(react.react.bytes, react.react.ms)} | React's own cost, all markup as elements (${int(react.elementsPerPage)} elements per page, ${int(react.nsPerElement)} ns each): ${int((htmlBytes / react.react.bytesPerS) * 1000)} ms on one core for the site |`);
  lines.push(`| A plain string serialiser over the same trees, 1 thread | ${mibs(react.plain.bytes, react.plain.ms)} | emitting the bytes without React: ${int((htmlBytes / react.plain.bytesPerS) * 1000)} ms |`);
  if (md) lines.push(`| markdown-it, no plugins, ${int(md.files)} guides, ${(md.bytes / 1048576).toFixed(1)} MiB | ${int(md.ms)} ms, ${mibs(md.bytes, md.ms)} | the content stage's parsing floor |`);
  lines.push('');
  lines.push(`Render stage of the profiled build: ${int(renderMs)} ms for ${(htmlBytes / 1048576).toFixed(0)} MiB of HTML (${mibs(htmlBytes, renderMs)}); floor with renderPage as it is on ${cores} threads, writing included in parallel: ${int(Math.max(renderFloorMs, writeHtmlMs))}–${int(renderFloorMs + writeHtmlMs / cores)} ms (${(renderMs / Math.max(renderFloorMs, writeHtmlMs)).toFixed(2)}× the floor).`);
  return { markdown: lines.join('\n'), start, write, one, two, react, md, htmlBytes, renderFloorMs, writeHtmlMs };
}
