// `serve --watch` at scale (issue 18): on a generated 5,000-page site, 500 saves of one guide in a
// row, each waiting for its rebuild and for the page to show it in Chromium; the dev server's
// memory before the first save and along the way; with a baseline commit, its save → painted in
// the same run, save for save.
//
//   node bench/watchScale.mjs [--pages <n>] [--saves <n>] [--baseline-api <dir>/bin/api.js]
//   npm run bench -- --section watch-scale [--watch-scale-pages <n>] [--watch-scale-saves <n>] [--baseline <commit>]
//
// How:
//   1. The site (bench/generateSite.mjs) is generated once; each server gets its own copy.
//   2. Each dev server (createDevServer({ watch: true }), what `docsgen serve --watch` runs) lives
//      in a child process of its own, `node --expose-gc --max-old-space-size=6144` (as
//      bench/watch.mjs runs it), which does nothing else: its RSS is the server's. It reports
//      each rebuild over IPC and, asked for its memory, collects garbage, waits SETTLE_MS, collects
//      again and reads process.memoryUsage().
//   3. One Chromium (Debian's, playwright-core) opens the guide's page on each server. A save writes
//      the guide with a new paragraph, then waits until the rebuild is reported and the page shows
//      the text; painted is measured as bench/watch.mjs does (the frame that first shows the text,
//      or the reloaded page's first paint). The next save follows at once: no pause.
//   4. With a baseline, its server gets a save right after each of the current server's first
//      BASELINE_SAVES (A B A B …), so both are timed under the same load; its server then stops.
//      The first WARMUP_SAVES of each side are not counted (JIT warm-up of the rebuild path).
//   5. The current server's memory is read before the first save and after 50, 100, 200, … saves.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { discardingLogger, paintProbe, summary } from './watch.mjs';

export { summary };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const WARMUP_SAVES = 2;
const BASELINE_SAVES = 100;
/** Saves of the spec after the guide's (the first WARMUP_SAVES not counted): each remakes the API pages, seconds on this site. */
const SPEC_SAVES = 6;
const SETTLE_MS = 3000;
/** Save → painted of the current code over the baseline's (2860eab's in the issue). */
const TARGET_RATIO = 0.5;
/**
 * "No growth": after the last save, RSS at most 5 % and the heap used after GC at most 1 % above
 * their readings after 50 saves. RSS alone moves by tens of MiB as the allocator keeps or returns
 * pages; the heap after a full GC is what a leak would grow.
 */
const GROWTH_TOLERANCE = { rss: 0.05, heap: 0.01 };

// ---------------------------------------------------------------------------------------------
// Pure parts

/** After how many saves the memory is read: 0, 50, 100, then every 100, and the last. */
export function samplePoints(saves) {
  const points = new Set([0, Math.min(50, saves), saves]);
  for (let n = 100; n < saves; n += 100) points.add(n);
  return [...points].sort((a, b) => a - b);
}

/**
 * Memory growth from the samples ([{ saves, rss, heapUsed }], bytes): per save from the sample at
 * 50 saves (or the first) to the last, and from before the first save. Returns undefined with
 * fewer than two samples.
 */
export function growth(samples) {
  if (samples.length < 2) return undefined;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const from = samples.find((s) => s.saves === 50 && s !== last) ?? first;
  const per = (a, b, key) => (b.saves > a.saves ? (b[key] - a[key]) / (b.saves - a.saves) : 0);
  return {
    from: from.saves,
    to: last.saves,
    rssPerSave: per(from, last, 'rss'),
    heapPerSave: per(from, last, 'heapUsed'),
    rssPerSaveFromStart: per(first, last, 'rss'),
    rssRatio: last.rss / from.rss,
    heapRatio: last.heapUsed / from.heapUsed,
    met: last.rss <= from.rss * (1 + GROWTH_TOLERANCE.rss) && last.heapUsed <= from.heapUsed * (1 + GROWTH_TOLERANCE.heap),
  };
}

/** The guide's paragraph-edited text: `marker` as a new first paragraph after the front matter. */
export function withParagraph(original, marker) {
  const front = /^---\n[\s\S]*?\n---\n/.exec(original)?.[0] ?? '';
  return `${front}\n${marker}\n${original.slice(front.length)}`;
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (v) => `${int(v)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const signedPct = (ratio) => `${ratio >= 1 ? '+' : '−'}${(Math.abs(ratio - 1) * 100).toFixed(1)} %`;

// ---------------------------------------------------------------------------------------------
// The server process

async function serveChild(apiPath, siteDir) {
  const { createDevServer, createLogger } = await import(pathToFileURL(apiPath).href);
  const start = performance.now();
  const server = await createDevServer({ root: siteDir, watch: true, port: 0, logger: discardingLogger(createLogger), watchTemplates: false });
  await server.context.ready;
  const send = (m) => process.send(m);
  server.context.subscribe((e) => {
    const at = performance.timeOrigin + performance.now();
    if (e.type === 'built') send({ type: 'built', at, changed: e.changed });
    else if (e.type === 'failed') send({ type: 'failed', at, changed: e.changed, errors: e.errors.map((x) => `${x.file ?? ''}:${x.line ?? ''} ${x.text}`) });
  });
  // The bench gone (it crashed, or was stopped): a server left running would hold its memory and port for good.
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (m) => {
    if (m.type === 'page') {
      // The guide's page, from the server's own build: guides/<path>/index.html or guides/<path>.html.
      const base = `guides/${m.guide.replace(/\.mdx?$/, '')}`;
      const file = [`${base}/index.html`, `${base}.html`].find((f) => server.context.state.files.has(f));
      send({ type: 'page', file, url: file && new URL(file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, ''), server.url).href });
    } else if (m.type === 'memory') {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      globalThis.gc();
      const u = process.memoryUsage();
      send({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, heapTotal: u.heapTotal, external: u.external, arrayBuffers: u.arrayBuffers });
    } else if (m.type === 'close') {
      await server.close();
      process.exit(0);
    }
  });
  send({ type: 'ready', firstBuildMs: performance.now() - start, pages: [...server.context.state.files.keys()].filter((f) => f.endsWith('.html')).length });
}

/** Starts a server process on a copy of the site; resolves once its first build is done. */
function startServer({ label, apiPath, siteDir, log }) {
  const child = fork(SELF, ['--child', apiPath, siteDir], { execArgv: ['--expose-gc', '--max-old-space-size=6144'], env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr = (stderr + d).slice(-8000)));
  const waiting = new Set();
  const exited = new Promise((_, reject) => child.on('exit', (code, signal) => reject(new Error(`the ${label} server process exited (${signal ?? `code ${code}`}):\n${stderr.trim().split('\n').slice(-30).join('\n')}`))));
  exited.catch(() => {});
  child.on('message', (m) => {
    for (const w of [...waiting]) if (w.test(m)) {
      waiting.delete(w);
      w.resolve(m);
    }
  });
  /**
   * The next message passing `test`; rejects on the process's exit, and on a failed rebuild unless
   * given `failures`, where a failed rebuild is put instead (one that read the saved file between
   * its truncation and its writing: the server builds again when the write lands).
   */
  const next = (test, failures) =>
    Promise.race([
      exited,
      new Promise((resolve, reject) =>
        waiting.add({
          test: (m) => (m.type === 'failed' && failures ? (failures.push(m), false) : m.type === 'failed' || test(m)),
          resolve: (m) => (m.type === 'failed' ? reject(new Error(`the ${label} rebuild failed: ${m.errors.join('; ')}`)) : resolve(m)),
        }),
      ),
    ]);
  const server = {
    label,
    siteDir,
    next,
    ask: (message, type) => {
      const reply = next((m) => m.type === type);
      child.send(message);
      return reply;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      await Promise.race([exited.catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    kill: () => child.kill('SIGKILL'),
  };
  log(`${label}: building the site in memory…`);
  return next((m) => m.type === 'ready').then((ready) => ({ ...server, ready }));
}

// ---------------------------------------------------------------------------------------------
// The browser side (its paint probe is bench/watch.mjs's paintProbe)

const now = () => performance.timeOrigin + performance.now();

/** One save on one server: { painted, rebuilt, inPlace } in ms from the write. */
async function save(side, marker) {
  const { page, server, guideFile, original } = side;
  await page.bringToFront();
  await page.evaluate((m) => {
    for (const key of ['__docsgenFcp', '__docsgenFrame', '__docsgenSwap', '__docsgenSwapSeen']) delete window[key];
    window.__docsgenMarker = m;
  }, marker);
  const failures = [];
  const rebuilt = server.next((m) => m.type === 'built' && m.changed.some((f) => path.resolve(f) === guideFile), failures);
  const saved = now();
  fs.writeFileSync(guideFile, withParagraph(original, marker));
  await page.waitForFunction((m) => (document.body?.textContent.includes(m) ?? false) && (window.__docsgenSwap || window.__docsgenFcp || window.__docsgenFrame), marker, { polling: 'raf', timeout: 120_000 });
  const t = await page.evaluate(async () => {
    while (!window.__docsgenSwap && !window.__docsgenFcp && !window.__docsgenFrame) await new Promise((r) => requestAnimationFrame(r));
    return { swap: window.__docsgenSwap, fcp: window.__docsgenFcp, frame: window.__docsgenFrame };
  });
  const built = await rebuilt;
  return { painted: (t.swap ?? t.fcp ?? t.frame) - saved, rebuilt: built.at - saved, inPlace: Boolean(t.swap), failed: failures.length };
}

/** One save of the spec, one operation's summary changed: ms from the write to the rebuild reported. */
async function specSave(side, n) {
  const failures = [];
  const rebuilt = side.server.next((m) => m.type === 'built' && m.changed.some((f) => path.resolve(f) === side.specFile), failures);
  const saved = now();
  fs.writeFileSync(side.specFile, withSummary(side.spec, `Edited summary number ${n + 1}`));
  const built = await rebuilt;
  side.specFailed += failures.length;
  return built.at - saved;
}

/** The spec with its first operation summary replaced by `summary`. */
export function withSummary(spec, summary) {
  return spec.replace(/^( {6}summary: ).+$/m, `$1${summary}`);
}

// ---------------------------------------------------------------------------------------------
// The section

/** For bench/run.mjs (`--section watch-scale`): `baseline` is bench/baseline.mjs's worktree, if any. */
export async function benchWatchScale({ log = (m) => console.error(m), pages = 5000, saves = 500, baseline, baselineApi = baseline?.api, baselineLabel = baseline?.short ?? 'baseline' } = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-watch-scale-'));
  const servers = [];
  let browser;
  try {
    const pristine = path.join(work, 'pristine');
    const { generateSite } = await import('./generateSite.mjs');
    const info = generateSite({ pages, out: pristine });
    const guides = fs.readdirSync(path.join(pristine, 'content', 'guides'), { recursive: true }).filter((f) => f.endsWith('.md')).sort();
    // A guide from the middle of the site, neither first nor last in its sidebar.
    const guide = guides[Math.floor(guides.length / 2)].split(path.sep).join('/');
    const sideDefs = [{ key: 'current', label: 'current', apiPath: path.join(ROOT, 'bin', 'api.js') }, ...(baselineApi ? [{ key: 'baseline', label: `baseline ${baselineLabel}`, apiPath: baselineApi }] : [])];

    browser = await launchChromium(['--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows']);
    const sides = {};
    // One server at a time builds its site: two first builds at once would each take twice as long.
    for (const def of sideDefs) {
      const siteDir = path.join(work, def.key);
      fs.cpSync(pristine, siteDir, { recursive: true });
      const server = await startServer({ label: def.label, apiPath: def.apiPath, siteDir, log });
      servers.push(server);
      const found = await server.ask({ type: 'page', guide }, 'page');
      if (!found.file) throw new Error(`the ${def.label} server has no page for content/guides/${guide}`);
      const page = await browser.newPage();
      await page.addInitScript(paintProbe);
      await page.goto(found.url);
      await page.waitForLoadState('load');
      const guideFile = path.resolve(siteDir, 'content', 'guides', guide);
      const specFile = path.join(siteDir, 'openapi.yaml');
      sides[def.key] = { ...def, server, page, guideFile, original: fs.readFileSync(guideFile, 'utf8'), url: new URL(found.url).pathname, painted: [], rebuilt: [], inPlace: 0, failed: 0, memory: [], specFile, spec: fs.readFileSync(specFile, 'utf8'), specRebuilt: [], specFailed: 0 };
      log(`${def.label}: ${int(server.ready.pages)} pages built in ${ms(server.ready.firstBuildMs)}; ${new URL(found.url).pathname}`);
    }

    const current = sides.current;
    const base = sides.baseline;
    const baseSaves = base ? Math.min(saves, BASELINE_SAVES) : 0;
    const points = samplePoints(saves);
    const started = performance.now();
    for (let i = 0; i <= saves; i++) {
      if (points.includes(i)) {
        current.memory.push({ saves: i, ...(await current.server.ask({ type: 'memory' }, 'memory')) });
        if (base && i <= baseSaves && (i === 0 || i === baseSaves)) base.memory.push({ saves: i, ...(await base.server.ask({ type: 'memory' }, 'memory')) });
        const m = current.memory.at(-1);
        log(`after ${i} saves: RSS ${mib(m.rss)}, heap used ${mib(m.heapUsed)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
      if (i === saves) break;
      for (const side of [current, ...(base && i < baseSaves ? [base] : [])]) {
        const r = await save(side, `Edited paragraph number ${i + 1} of the ${side.key} side (${Date.now()}).`);
        if (i < WARMUP_SAVES) continue;
        side.painted.push(r.painted);
        side.rebuilt.push(r.rebuilt);
        if (r.inPlace) side.inPlace++;
        side.failed += r.failed;
      }
    }
    // Then the spec: one operation's summary, on each server in turn (the baseline idled since its last save).
    for (let n = 0; n < SPEC_SAVES; n++) {
      for (const side of [current, ...(base ? [base] : [])]) {
        const took = await specSave(side, n);
        if (n >= WARMUP_SAVES) side.specRebuilt.push(took);
      }
    }
    log(`spec saves: ${[current, ...(base ? [base] : [])].map((side) => `${side.label} ${ms(summary(side.specRebuilt).median)}`).join(', ')}`);
    return { markdown: markdownOf({ info, saves, baseSaves, current, base, baselineLabel }), current: strip(current), baseline: base && strip(base) };
  } finally {
    await browser?.close().catch(() => {});
    for (const s of servers) await s.close().catch(() => s.kill());
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const strip = ({ key, label, painted, rebuilt, inPlace, failed, memory, url, specRebuilt, specFailed }) => ({ key, label, painted, rebuilt, inPlace, failed, memory, url, specRebuilt, specFailed });

function markdownOf({ info, saves, baseSaves, current, base, baselineLabel }) {
  const row = (name, painted, rebuilt) => {
    const p = summary(painted);
    return `| ${name} | ${int(painted.length)} | ${ms(p.median)} | ${ms(p.p95)} | ${ms(p.min)} – ${ms(p.max)} | ${ms(summary(rebuilt).median)} |`;
  };
  const counted = Math.max(0, baseSaves - WARMUP_SAVES);
  const lines = [
    `\`npm run bench -- --section watch-scale\` (\`bench/watchScale.mjs\`): the generated ${int(info.pages)}-page site (bench/generateSite.mjs), \`serve --watch\`'s dev server in a process of its own, ${int(saves)} saves in a row of \`content/guides/…\` (page \`${current.url}\`), each followed by the next as soon as the rebuild is reported and Chromium shows the new text; the first ${WARMUP_SAVES} are not counted. Save → painted as in the watch section above (${current.inPlace} of ${current.painted.length} put in place without a reload).${current.failed ? ` ${current.failed} rebuilds failed and were followed by a good one: the server read the guide between its truncation and its writing, and built again when the write landed (counted in the save's time).` : ''}`,
    '',
    '| Server | Saves counted | Save → painted, median | p95 | min – max | Save → rebuilt, median |',
    '|---|---:|---:|---:|---:|---:|',
    row(`current, all saves`, current.painted, current.rebuilt),
  ];
  if (base) {
    const cur = current.painted.slice(0, counted);
    const ratio = summary(cur).median / summary(base.painted).median;
    lines.push(row(`current, saves ${WARMUP_SAVES + 1}–${baseSaves}`, cur, current.rebuilt.slice(0, counted)), row(`baseline \`${baselineLabel}\`, saves ${WARMUP_SAVES + 1}–${baseSaves}, alternating with the current's`, base.painted, base.rebuilt));
    lines.push('', `Save → painted, current ÷ baseline \`${baselineLabel}\` (medians of the alternating saves): **${ratio.toFixed(2)}×** (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : `**missed** by ${((ratio / TARGET_RATIO - 1) * 100).toFixed(0)} %`}).`);
  }
  lines.push('', `Memory of the current server process after each forced settle (\`gc()\`, ${SETTLE_MS / 1000} s, \`gc()\`; \`node --expose-gc --max-old-space-size=6144\`):`, '', '| After saves | RSS | Heap used | External (array buffers included) |', '|---:|---:|---:|---:|');
  for (const m of current.memory) lines.push(`| ${int(m.saves)} | ${mib(m.rss)} | ${mib(m.heapUsed)} | ${mib(m.external)} |`);
  const g = growth(current.memory);
  if (g) {
    lines.push(
      '',
      `Growth per save from ${g.from} to ${g.to} saves: **${kib(g.rssPerSave)} RSS**, ${kib(g.heapPerSave)} heap used (from before the first save: ${kib(g.rssPerSaveFromStart)} RSS). No growth over ${int(saves)} saves (after ${g.to} saves, RSS at most ${GROWTH_TOLERANCE.rss * 100} % and heap used at most ${GROWTH_TOLERANCE.heap * 100} % above after ${g.from}): ${g.met ? 'met' : '**missed**'} (RSS ${signedPct(g.rssRatio)}, heap used ${signedPct(g.heapRatio)}).`,
    );
  }
  const specRow = (name, times) => `| ${name} | ${int(times.length)} | ${ms(summary(times).median)} | ${ms(summary(times).min)} – ${ms(summary(times).max)} |`;
  lines.push('', `Then ${SPEC_SAVES} saves of \`openapi.yaml\` on each server in turn, one operation's \`summary\` changed each time (the first ${WARMUP_SAVES} not counted), save → rebuilt${current.specFailed ? ` (${current.specFailed} of the current server's rebuilds read the spec mid-write, failed and were followed by a good one, counted in the save's time)` : ''}:`, '', '| Server | Saves counted | Median | min – max |', '|---|---:|---:|---:|', specRow('current', current.specRebuilt));
  if (base) lines.push(specRow(`baseline \`${baselineLabel}\``, base.specRebuilt), '', `A spec's save, current ÷ baseline: **${(summary(current.specRebuilt).median / summary(base.specRebuilt).median).toFixed(2)}×**.`);
  if (base?.memory.length) lines.push('', `Baseline \`${baselineLabel}\` server: RSS ${base.memory.map((m) => `${mib(m.rss)} after ${m.saves} saves`).join(', ')}.`);
  lines.push('', `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the end.`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    await serveChild(args[1], args[2]);
  } else {
    const opt = (name) => {
      const i = args.indexOf(name);
      return i === -1 ? undefined : args[i + 1];
    };
    const pages = Number(opt('--pages') ?? 5000);
    const saves = Number(opt('--saves') ?? 500);
    if (!Number.isInteger(pages) || !Number.isInteger(saves) || saves < 1) {
      console.error('usage: node bench/watchScale.mjs [--pages <n>] [--saves <n>] [--baseline-api <dir>/bin/api.js]');
      process.exit(2);
    }
    const api = opt('--baseline-api');
    const { markdown } = await benchWatchScale({ pages, saves, baselineApi: api && path.resolve(api), baselineLabel: api ? path.basename(path.dirname(path.dirname(path.resolve(api)))) : undefined });
    console.log(`### serve --watch at scale\n\n${markdown}`);
  }
}
