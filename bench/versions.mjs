// Versioned sites (issue 19): cold builds of the same site with one, two and three documentation
// versions, each older version a snapshot of the guides and a spec that differs from the next
// newer one (descriptions and fields, as an API's history has them), built by bench/child-build.mjs
// in fresh processes. The time of a build should grow linearly with the versions: each is a
// site of its own, plus one comparison of two specs per pair for the changelog.
//
//   node bench/versions.mjs [--runs <n>]      prints the markdown section
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump as dumpYaml, load as loadYaml } from 'js-yaml';
import { generateSite } from './generateSite.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** One cold build in a fresh process: `{ wallMs, maxRssKiB, pages }`. */
function coldBuild(configFile, cwd) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-versions-out-'));
  try {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bench', 'child-build.mjs'), configFile, path.join(out, 'site')], { cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    const data = JSON.parse(r.stdout.trim().split('\n').pop() || '{}');
    if (r.status !== 0 || data.error) throw new Error(`a build of ${configFile} failed: ${data.error ?? r.stderr}`);
    return data;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** The shipped site in a temporary folder, with its versions or without them. */
function shippedCopy(withVersions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-versions-'));
  for (const rel of ['content', 'fixtures', 'docsgen.config.ts', ...(withVersions ? ['versions.json', 'versioned'] : [])]) fs.cpSync(path.join(ROOT, rel), path.join(dir, rel), { recursive: true });
  return dir;
}

/**
 * The 1,000-page generated site with `count` versions: each older one has the guides as they
 * are and an older spec (olderSpec).
 */
function generatedWithVersions(count) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-versions-'));
  const info = generateSite({ pages: 1000, out: dir });
  const names = Array.from({ length: count - 1 }, (_, i) => `v${count - 1 - i}`);
  let spec = loadYaml(fs.readFileSync(info.specFile, 'utf8'));
  for (const name of names) {
    spec = olderSpec(spec, name);
    const snapshot = path.join(dir, 'versioned', name);
    fs.cpSync(path.join(dir, 'content', 'guides'), path.join(snapshot, 'guides'), { recursive: true });
    fs.writeFileSync(path.join(snapshot, 'openapi.yaml'), dumpYaml(spec, { noRefs: true }));
  }
  if (names.length > 0) fs.writeFileSync(path.join(dir, 'versions.json'), `${JSON.stringify(names)}\n`);
  return { dir, configFile: info.configFile };
}

/**
 * The spec one version earlier: every tenth operation described differently and every tenth
 * schema without its last property (a field the API added since). The operations stay, so the
 * guides' links to them hold in every version.
 */
function olderSpec(spec, name) {
  const older = structuredClone(spec);
  older.info.version = name;
  let n = 0;
  for (const item of Object.values(older.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'put', 'post', 'delete', 'patch'].includes(method) && n++ % 10 === 9) op.description = `${op.description ?? ''} (As of ${name}.)`.trim();
    }
  }
  Object.values(older.components?.schemas ?? {}).forEach((schema, i) => {
    const names = Object.keys(schema.properties ?? {});
    if (i % 10 !== 9 || names.length < 2) return;
    const last = names.at(-1);
    delete schema.properties[last];
    if (Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== last);
  });
  return older;
}

export async function benchVersions({ log = () => {}, runs = 3 } = {}) {
  spawnSync(process.execPath, [path.join(ROOT, 'bin', 'docsgen.js'), '--help'], { cwd: ROOT });
  const rows = [];
  const measure = (label, versions, make) => {
    const walls = [];
    const rss = [];
    let pages = 0;
    for (let i = 0; i < runs; i++) {
      const { dir, configFile } = make();
      try {
        const r = coldBuild(configFile, dir);
        walls.push(r.wallMs);
        rss.push(r.maxRssKiB);
        pages = r.pages;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      log(`${label}, ${versions} version(s): run ${i + 1}/${runs}: ${walls.at(-1).toFixed(0)} ms`);
    }
    rows.push({ label, versions, pages, wallMs: median(walls), rssKiB: median(rss) });
  };
  for (const withVersions of [false, true]) measure('shipped site', withVersions ? 2 : 1, () => {
    const dir = shippedCopy(withVersions);
    return { dir, configFile: path.join(dir, 'docsgen.config.ts') };
  });
  for (const count of [1, 2, 3]) measure('generated 1,000 pages', count, () => generatedWithVersions(count));

  const base = (row) => rows.find((r) => r.label === row.label && r.versions === 1);
  const lines = [
    `Cold builds (\`bench/child-build.mjs\`, no cache, fresh process each, median of ${runs}): the same site with one version (no \`versions.json\`) and with older snapshots beside it. An older version of the generated site has its guides and the spec of the next newer one with every tenth operation described differently and every tenth schema without its last property, so each pair of versions has a changelog.`,
    '',
    '| Site | Versions | Pages | build() wall | Per version, vs one | Peak RSS |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.versions} | ${r.pages.toLocaleString('en-US')} | ${Math.round(r.wallMs).toLocaleString('en-US')} ms | ${(r.wallMs / base(r).wallMs / r.versions).toFixed(2)}× | ${(r.rssKiB / 1024).toFixed(0)} MiB |`),
  ];
  return { markdown: lines.join('\n'), rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
  const { markdown } = await benchVersions({ log: (m) => console.error(m), runs });
  console.log(markdown);
}
