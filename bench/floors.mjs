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
// Where bin/compile.js keeps this checkout's bundles (a folder per checkout path).
const { compiled } = await import('../bin/compile.js');
const DIST = path.dirname(fileURLToPath(await compiled('render-worker')));

const int = (n) => Math.round(n).toLocaleString('en-US');
const mibs = (bytes, ms) => `${(bytes / 1048576 / (ms / 1000)).toFixed(1)} MiB/s`;
// A floor is the best this machine did: the fastest of several runs (other work only slows it).
const best = (xs) => Math.min(...xs);
/** Process CPU time, user + system, all threads, in ms: what a loaded machine does not inflate. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

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
    return best(times);
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

/** Writes files of these sizes (same paths) into a new folder; the fastest of `runs`. */
export function writeFloor(sizes, runs = 3) {
  const biggest = Math.max(...sizes.map(([, s]) => s));
  const content = Buffer.alloc(biggest, '<p>floor</p>\n');
  const bytes = sizes.reduce((n, [, s]) => n + s, 0);
  const times = [];
  const cpus = [];
  for (let r = 0; r < runs; r++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-write-floor-'));
    try {
      const dirs = new Set();
      const start = performance.now();
      const cpu0 = cpuNow();
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
      cpus.push(cpuNow() - cpu0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const ms = best(times);
  const cpuMs = best(cpus);
  return { files: sizes.length, bytes, ms, cpuMs, bytesPerS: bytes / (ms / 1000), bytesPerCpuS: bytes / (cpuMs / 1000) };
}

// ---------------------------------------------------------------------------------------------
// Rendering with the build's own code

/** Renders every captured batch `passes` times in each of `threads` workers at once; HTML bytes per second. */
async function renderThroughput(capture, threads, passes) {
  const workerData = { ...v8.deserialize(capture.workerData), outDir: undefined };
  // A stored page's body was captured as its bytes (bench/profile-child.mjs): it becomes a page held
  // in memory. Its links into the guides are not settled to their final hrefs (that needs the build's
  // store, gone by now); settling is a string replacement the render stage profile already counts,
  // and this floor measures rendering.
  const inMemory = ({ stub, bodyBytes, ...job }) => (bodyBytes ? { ...job, page: { ...stub, body: JSON.parse(Buffer.from(bodyBytes).toString('utf8')) } } : job);
  const batches = capture.batches.map((b) => {
    const batch = v8.deserialize(b);
    return { ...batch, pages: batch.pages.map(inMemory) };
  });
  const pageCount = batches.reduce((n, b) => n + b.pages.length, 0);
  const workers = Array.from({ length: threads }, () => new Worker(path.join(DIST, 'render-worker.mjs'), { workerData }));
  const send = (worker, batch) =>
    new Promise((resolve, reject) => {
      worker.once('message', (reply) => (reply.failed ? reject(new Error(reply.failed.message)) : resolve(reply.results)));
      worker.postMessage(batch);
    });
  const runAll = async (worker) => {
    let bytes = 0;
    for (const batch of batches) for (const r of await send(worker, batch)) bytes += Buffer.byteLength(r.html);
    return bytes;
  };
  try {
    await Promise.all(workers.map((w) => runAll(w))); // warm-up: JIT, React's first renders
    // The fastest of `passes` passes, every thread rendering every batch.
    let fastest;
    for (let p = 0; p < passes; p++) {
      const start = performance.now();
      const cpu0 = cpuNow();
      const bytes = (await Promise.all(workers.map((w) => runAll(w)))).reduce((a, b) => a + b, 0);
      const ms = performance.now() - start;
      const cpuMs = cpuNow() - cpu0;
      if (!fastest || ms < fastest.ms) fastest = { bytes, ms, cpuMs: Math.min(cpuMs, fastest?.cpuMs ?? Infinity) };
      else fastest.cpuMs = Math.min(fastest.cpuMs, cpuMs);
    }
    const { bytes, ms, cpuMs } = fastest;
    return { threads, pages: pageCount * threads, bytes, ms, cpuMs, bytesPerS: bytes / (ms / 1000), bytesPerCpuS: bytes / (cpuMs / 1000), cpuMsPerPage: cpuMs / (pageCount * threads) };
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
    // The fastest pass over all the pages, passes repeated for at least minMs.
    let fastest;
    let passes = 0;
    const start = performance.now();
    while (performance.now() - start < minMs) {
      const t = performance.now();
      const cpu0 = cpuNow();
      let bytes = 0;
      for (const x of fn()) bytes += Buffer.byteLength(x);
      const ms = performance.now() - t;
      const cpuMs = cpuNow() - cpu0;
      if (!fastest || cpuMs < fastest.cpuMs) fastest = { bytes, ms, cpuMs };
      passes++;
    }
    return { ...fastest, passes, bytesPerS: fastest.bytes / (fastest.ms / 1000), bytesPerCpuS: fastest.bytes / (fastest.cpuMs / 1000) };
  };
  const react = measure(() => trees2.map((e) => renderToString(e)));
  const plain = measure(() => trees.map((t) => {
    const out = [];
    serialise(t, out);
    return out.join('');
  }));
  const count = (n) => (n.tagName ? 1 + (n.childNodes ?? []).reduce((c, k) => c + count(k), 0) : 0);
  const elements = trees.reduce((n, t) => n + count(t), 0);
  return { pages: htmls.length, elementsPerPage: elements / htmls.length, nsPerElement: (react.cpuMs * 1e6) / elements, react, plain };
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
  let ms = Infinity;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    const t0 = cpuNow();
    for (const t of texts) md.render(t);
    ms = Math.min(ms, cpuNow() - t0);
  }
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
  if (captureFile) log('floors: renderPage in 1 and 2 threads');
  // No capture when the build rendered in its own thread (sites under 500 pages): no render rows.
  const capture = captureFile && fs.existsSync(captureFile) ? v8.deserialize(fs.readFileSync(captureFile)) : undefined;
  const one = capture && (await renderThroughput(capture, 1, 3));
  const two = capture && (await renderThroughput(capture, 2, 3));
  log('floors: renderToString and a plain serialiser');
  const step = Math.max(1, Math.floor(htmlFiles.length / 200));
  const sample = htmlFiles.filter((_, i) => i % step === 0).map(([rel]) => fs.readFileSync(path.join(outDir, rel), 'utf8'));
  const react = reactFloor(sample);
  const md = inputDir && fs.existsSync(path.join(inputDir, 'content', 'guides')) ? (log('floors: markdown-it'), markdownFloor(inputDir)) : undefined;
  const cores = os.availableParallelism();

  const renderMs = stageMs.render;
  const renderCpuMs = result.windows?.find((w) => w.name === 'render')?.cpuMs;
  // Per core: HTML bytes per CPU second. The render stage's CPU floor is renderPage's CPU for the
  // site's HTML plus writing it; its wall floor that CPU spread over every core.
  const renderCpuFloor = one ? (htmlBytes / one.bytesPerCpuS) * 1000 : NaN;
  const writeHtmlCpu = (htmlBytes / write.bytesPerCpuS) * 1000;
  const wallFloor = (renderCpuFloor + writeHtmlCpu) / cores;
  const site = (bytesPerS) => `${int((htmlBytes / bytesPerS) * 1000)} ms`;
  const lines = [];
  lines.push(`Measured right after the profiled build on the same machine (${os.cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, load average ${os.loadavg()[0].toFixed(2)}). Each figure is the best of several runs; throughputs are per CPU second (process.cpuUsage, so per core, and not inflated by other work on the machine), wall figures where only wall exists.`);
  lines.push('');
  lines.push('| Floor | Measured | For the site |');
  lines.push('|---|---:|---|');
  lines.push(`| Node start-up, \`node -e 0\` (wall) | ${int(start.nodeMs)} ms | the least any CLI run costs |`);
  lines.push(`| \`node bin/docsgen.js --help\` (wall) | ${int(start.helpMs)} ms | start-up and the compiled CLI's entry (commander only) |`);
  lines.push(`| \`node -e "await import('./bin/api.js')"\` (wall) | ${int(start.importMs)} ms | start-up and loading the build's code and dependencies, before its first stage |`);
  lines.push(`| Writing ${int(write.files)} files, ${(write.bytes / 1048576).toFixed(1)} MiB (the build's own paths and sizes), 1 thread | ${mibs(write.bytes, write.cpuMs)} per CPU s (${mibs(write.bytes, write.ms)} wall) | all files ${int(write.cpuMs)} ms CPU; the ${(htmlBytes / 1048576).toFixed(0)} MiB of HTML ${int(writeHtmlCpu)} ms |`);
  if (one) lines.push(`| renderPage, the build's own code (render-worker entry, captured models, nothing written), 1 thread, ${int(one.pages)} pages | ${mibs(one.bytes, one.cpuMs)} per CPU s, ${one.cpuMsPerPage.toFixed(2)} ms CPU/page | ${int(renderCpuFloor)} ms CPU for the site's HTML |`);
  if (two) lines.push(`| renderPage, 2 threads at once | ${mibs(two.bytes, two.cpuMs)} per CPU s; wall ${(two.bytesPerS / one.bytesPerS).toFixed(2)}× one thread | |`);
  lines.push(`| React renderToString of the same HTML as prebuilt element trees (${react.pages} pages, ${int(react.elementsPerPage)} elements each) | ${mibs(react.react.bytes, react.react.cpuMs)} per CPU s, ${int(react.nsPerElement)} ns per element | React emitting every element of the site: ${site(react.react.bytesPerCpuS)} CPU |`);
  lines.push(`| A plain string serialiser over the same trees | ${mibs(react.plain.bytes, react.plain.cpuMs)} per CPU s | the same bytes without React: ${site(react.plain.bytesPerCpuS)} CPU |`);
  if (md) lines.push(`| markdown-it, no plugins, the ${int(md.files)} guides (${(md.bytes / 1048576).toFixed(1)} MiB) | ${int(md.ms)} ms CPU, ${mibs(md.bytes, md.ms)} per CPU s | the content stage's parsing floor |`);
  lines.push('');
  if (one) lines.push(`Render stage of the profiled build: ${int(renderMs)} ms wall${renderCpuMs !== undefined ? `, ${int(renderCpuMs)} ms CPU` : ''} for ${(htmlBytes / 1048576).toFixed(0)} MiB of HTML. Its floor with renderPage as it is: ${int(renderCpuFloor + writeHtmlCpu)} ms CPU (rendering ${int(renderCpuFloor)} + writing ${int(writeHtmlCpu)}), ${int(wallFloor)} ms wall on ${cores} cores${renderCpuMs !== undefined ? `; the stage spent ${(renderCpuMs / (renderCpuFloor + writeHtmlCpu)).toFixed(2)}× that CPU` : ''}.`);
  return { markdown: lines.join('\n'), start, write, one, two, react, md, htmlBytes, renderCpuFloor, writeHtmlCpu };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Again on a kept build (node bench/profile.mjs generated-7000 --keep): the folder it used.
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node bench/floors.mjs <profile folder of bench/profile.mjs --keep>');
    process.exit(2);
  }
  const result = JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8'));
  const floors = await measureFloors({ outDir: path.join(dir, 'site'), inputDir: path.join(dir, 'input'), captureFile: path.join(dir, 'render-capture.bin'), result, log: (m) => process.stderr.write(`${m}\n`) });
  console.log(floors.markdown);
}
