// GitHub's REST API description (@octokit/openapi, api.github.com.json: ~1,100 operations, 13 MB)
// as a real large spec: one cold `docsgen build --timings` in a fresh Node process (wall time from
// here; CPU time and peak RSS reported by the process itself on exit, see bench/octokit-usage.cjs),
// then the output is scanned for its pages and its largest HTML page.
//
//   node bench/octokit.mjs [--keep <dir>]
//
// or, from bench/run.mjs:
//
//   import { benchOctokit } from './octokit.mjs';
//   const { markdown } = await benchOctokit({ log: console.log });
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SPEC = path.join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const MIB = 1024 * 1024;

const CONFIG = (spec) => `import { defineConfig } from 'docsgen';

// Written by bench/octokit.mjs: GitHub's REST API description as a large real-world spec.
export default defineConfig({
  title: 'GitHub REST API',
  tagline: 'docsgen benchmark',
  url: 'https://docs.github-bench.example',
  navbar: { items: [{ label: 'Guides', to: '/guides/intro', position: 'left' }, { label: 'API', to: '/api', position: 'left' }] },
  footer: { copyright: 'Benchmark site built from @octokit/openapi.' },
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  openapi: { spec: ${JSON.stringify(spec)}, downloadUrl: 'https://api.github.com/docs/yaml' },
});
`;

const GUIDE = `---
title: Introduction
---

This site renders GitHub's public REST API description to measure docsgen on a large real spec. See the [API reference](/api).
`;

/** Writes the benchmark site (config and one guide) into a new temporary folder. */
export function writeOctokitSite(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-octokit-'))) {
  if (!fs.existsSync(SPEC)) throw new Error(`${SPEC} is missing: run npm ci (the @octokit/openapi dev dependency provides it).`);
  fs.mkdirSync(path.join(dir, 'content', 'guides'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'docsgen.config.ts'), CONFIG(SPEC));
  fs.writeFileSync(path.join(dir, 'content', 'guides', 'intro.md'), GUIDE);
  return dir;
}

/** Runs the docsgen CLI in a new Node process that reports its own CPU time and peak RSS on exit (bench/octokit-usage.cjs). */
function runMeasured(args, cwd) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--require', path.join(ROOT, 'bench', 'octokit-usage.cjs'), path.join(ROOT, 'bin', 'docsgen.js'), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, wallMs: Number(process.hrtime.bigint() - start) / 1e6 }));
  });
}

function walkHtml(dir) {
  let pages = 0;
  let largest = { file: '', bytes: 0 };
  let total = 0;
  for (const rel of fs.readdirSync(dir, { recursive: true })) {
    if (!String(rel).endsWith('.html')) continue;
    const bytes = fs.statSync(path.join(dir, rel)).size;
    pages++;
    total += bytes;
    if (bytes > largest.bytes) largest = { file: String(rel), bytes };
  }
  return { pages, largest, total };
}

/** One cold build of the GitHub site in a fresh process: the figures and a markdown section for BENCHMARKS.md. */
export async function benchOctokit({ log = () => {}, keep } = {}) {
  const dir = writeOctokitSite(keep ? (fs.mkdirSync(keep, { recursive: true }), keep) : undefined);
  const out = path.join(dir, 'build');
  try {
    log(`octokit: building ${path.relative(ROOT, SPEC)} (${(fs.statSync(SPEC).size / MIB).toFixed(1)} MiB) in ${dir}`);
    const r = await runMeasured(['build', '--out', out, '--timings', '--no-cache'], dir);
    const usage = JSON.parse((r.stderr.match(/^octokit-usage (.*)$/m) ?? [])[1] ?? '{}');
    const timings = r.stdout.split('\n').find((l) => l.startsWith('timings:')) ?? '';
    const summary = r.stdout.split('\n').find((l) => l.startsWith('✓ built')) ?? '';
    if (r.status !== 0) throw new Error(`docsgen build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
    const html = walkHtml(out);
    const result = {
      wallMs: r.wallMs,
      cpuMs: usage.cpuMs,
      maxRssMiB: usage.maxRssKiB / 1024,
      pages: html.pages,
      largestHtml: html.largest,
      htmlBytes: html.total,
      llmsFullBytes: fs.statSync(path.join(out, 'llms-full.txt'), { throwIfNoEntry: false })?.size,
      timings,
      summary,
    };
    log(`octokit: ${summary}`);
    const invalid = await buildWithOneMistake(dir);
    log(`octokit: with one mistake: ${invalid.error}`);
    const markdown = [
      `GitHub's REST API description (\`@octokit/openapi\` ${octokitVersion()}, \`generated/api.github.com.json\`, ${(fs.statSync(SPEC).size / MIB).toFixed(1)} MiB), one cold \`docsgen build\` in a fresh process:`,
      '',
      '| Wall | CPU | Peak RSS | Pages | Largest HTML page | HTML total |',
      '| --- | --- | --- | --- | --- | --- |',
      `| ${(result.wallMs / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s | ${result.maxRssMiB.toFixed(0)} MiB | ${result.pages.toLocaleString('en-US')} | ${(result.largestHtml.bytes / 1024).toFixed(0)} KiB (\`${result.largestHtml.file}\`) | ${(result.htmlBytes / MIB).toFixed(0)} MiB |`,
      '',
      `The same spec with one mistake (the first response's \`description\` set to 42), to fail: ${(invalid.wallMs / 1000).toFixed(1)} s, ${(invalid.cpuMs / 1000).toFixed(1)} s of CPU, ${invalid.maxRssMiB.toFixed(0)} MiB of peak RSS; it prints \`${invalid.error}\``,
      '',
      `\`${timings}\``,
      '',
      `Markdown for machines: \`llms-full.txt\` ${result.llmsFullBytes === undefined ? 'not written' : `${(result.llmsFullBytes / MIB).toFixed(1)} MiB`}.`,
    ].join('\n');
    return { ...result, invalid, markdown };
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A failing build must cost no more than a passing one (issue 18): the spec's validator once
 * took 46 s and 3.8 GB to report this one mistake. The build must fail, naming the line.
 */
async function buildWithOneMistake(dir) {
  const spec = JSON.parse(fs.readFileSync(SPEC, 'utf8'));
  const [, response] = Object.entries(Object.values(Object.values(spec.paths)[0]).find((op) => op?.responses).responses)[0];
  response.description = 42;
  const bad = path.join(dir, 'invalid');
  fs.mkdirSync(path.join(bad, 'content', 'guides'), { recursive: true });
  fs.writeFileSync(path.join(bad, 'openapi.json'), JSON.stringify(spec, null, 2));
  fs.writeFileSync(path.join(bad, 'docsgen.config.ts'), CONFIG('openapi.json'));
  fs.writeFileSync(path.join(bad, 'content', 'guides', 'intro.md'), GUIDE);
  const r = await runMeasured(['build', '--out', path.join(bad, 'build'), '--no-cache'], bad);
  const usage = JSON.parse((r.stderr.match(/^octokit-usage (.*)$/m) ?? [])[1] ?? '{}');
  const error = (r.stderr.split('\n').find((l) => l.startsWith('✗ error openapi.json:')) ?? '').trim();
  if (r.status !== 1 || !error.includes('must be string (got integer)')) throw new Error(`the build of the spec with one mistake should fail at its line (exit ${r.status}):\n${r.stderr}`);
  return { wallMs: r.wallMs, cpuMs: usage.cpuMs, maxRssMiB: usage.maxRssKiB / 1024, error };
}

export function octokitVersion() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@octokit', 'openapi', 'package.json'), 'utf8')).version;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--keep');
  const keep = i === -1 ? undefined : path.resolve(process.argv[i + 1]);
  const { markdown } = await benchOctokit({ log: console.log, keep });
  console.log(`\n${markdown}`);
}
