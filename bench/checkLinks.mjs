// `docsgen check-links` as a pre-commit hook runs it: a whole `node bin/docsgen.js check-links`
// process, timed from spawn to exit, on a copy of the shipped site (so the repository's own
// `.docsgen/` cache is never touched).
//
//   cold: the copy has no `.docsgen/` folder, as on a fresh clone or after the spec changed;
//   warm: the cache of the previous run is there, as on every other commit.
//
//   node bench/checkLinks.mjs [--runs <n>]      prints the markdown section
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MS = 1000;

/** A copy of the shipped site, its versions included, in `dir` (default: a new temporary folder); returns the folder. */
export function copyShippedSite(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-links-'))) {
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'fixtures'));
  fs.copyFileSync(path.join(ROOT, 'fixtures', 'hyperlocal-openapi.yaml'), path.join(dir, 'fixtures', 'hyperlocal-openapi.yaml'));
  fs.copyFileSync(path.join(ROOT, 'docsgen.config.ts'), path.join(dir, 'docsgen.config.ts'));
  // Its versions too: check-links checks each one's guides, a watched server builds each one.
  fs.copyFileSync(path.join(ROOT, 'versions.json'), path.join(dir, 'versions.json'));
  fs.cpSync(path.join(ROOT, 'versioned'), path.join(dir, 'versioned'), { recursive: true });
  return dir;
}

function checkLinks(cwd) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), 'check-links'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`docsgen check-links exited ${r.status} on the shipped site:\n${r.stdout}${r.stderr}`);
  return { ms, summary: r.stdout.trim().split('\n').pop() };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export async function benchCheckLinks({ log = () => {}, runs = 5 } = {}) {
  // Compile the CLI bundle first so no measured run pays for it.
  spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), '--help'], { cwd: ROOT });
  const cold = [];
  const warm = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const dir = copyShippedSite();
    try {
      cold.push(checkLinks(dir).ms);
      const w = checkLinks(dir);
      warm.push(w.ms);
      summary = w.summary;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    log(`check-links: run ${i + 1}/${runs}: cold ${cold.at(-1).toFixed(0)} ms, warm ${warm.at(-1).toFixed(0)} ms`);
  }
  const row = (label, values) => {
    const m = median(values);
    return `| ${label} | ${m.toFixed(0)} ms | ${Math.min(...values).toFixed(0)} – ${Math.max(...values).toFixed(0)} ms | ${m <= TARGET_MS ? 'met' : `missed by ${(m - TARGET_MS).toFixed(0)} ms`} |`;
  };
  const markdown = [
    `\`docsgen check-links\` on a copy of the shipped site, whole process from spawn to exit (Node start-up included), ${runs} runs each. Cold: no \`.docsgen/\` cache (fresh clone, or the spec changed); warm: the cache of the run before (every other commit). Target ≤ ${TARGET_MS} ms.`,
    '',
    '| Run | Median | Min – max | Target |',
    '|---|---:|---:|---|',
    row('cold', cold),
    row('warm', warm),
    '',
    `Its own summary line: \`${summary}\``,
  ].join('\n');
  return { markdown, coldMs: median(cold), warmMs: median(warm) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
  const { markdown } = await benchCheckLinks({ runs, log: (m) => process.stderr.write(`${m}\n`) });
  console.log(markdown);
}
