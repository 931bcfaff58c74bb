// `docsgen build`
import path from 'node:path';
import { Option, type Command } from 'commander';
import { commonOptions, integer } from './options';
import { exitOnSignal, failWith } from './exit';

interface BuildFlags {
  config?: string;
  out?: string;
  spec?: string;
  onBrokenLinks?: 'throw' | 'warn' | 'ignore';
  quiet?: boolean;
  color?: boolean;
  timings?: boolean;
  strict?: boolean;
  emptyOutDir?: boolean;
  cache?: boolean;
  cacheDir?: string;
  threads?: number;
}

/** Most render threads `--threads` takes: each holds its own React and a copy of the site model. */
const MAX_THREADS_FLAG = 64;

export function registerBuild(program: Command): void {
  commonOptions(
    program
      .command('build')
      .description('Build the static site into the output folder (atomically: a failed build leaves the previous output untouched).')
      .option('-o, --out <dir>', '[path] output folder (default: build)')
      .option('-s, --spec <url|file>', '[string] OpenAPI spec to build the API reference from, overriding the config'),
  )
    .addOption(new Option('--on-broken-links <policy>', 'what a link to a missing page does (default: from config, else throw)').choices(['throw', 'warn', 'ignore']))
    .option('--strict', 'treat OpenAPI spec warnings as errors')
    .option('--empty-out-dir', 'replace the output folder even when it holds files docsgen did not write (they are deleted)')
    .option('--cache-dir <dir>', '[path] folder of the build cache, which lets the next build redo only what changed (default: .docsgen/cache)')
    .option('--no-cache', 'build everything, without reading or writing the build cache')
    .addOption(new Option('--threads <n>', '[number] threads that render pages (default: 1 up to 500 pages, else one per core, at most 4; 1 uses least memory)').argParser(integer(1, MAX_THREADS_FLAG)))
    .option('--timings', 'print how long each pipeline stage took')
    .action(async (flags: BuildFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
      const stopOnSignal = await exitOnSignal(logger, 'build');
      try {
        const { build } = await import('../build');
        const start = performance.now();
        const result = await build({ configFile: flags.config, outDir: flags.out, spec: flags.spec, onBrokenLinks: flags.onBrokenLinks, strict: flags.strict, emptyOutDir: flags.emptyOutDir, cacheDir: flags.cache === false ? false : flags.cacheDir, threads: flags.threads, logger });
        const ms = performance.now() - start;
        if (flags.timings) logger.info(`timings: ${result.timings.map(([name, t]) => `${name} ${t.toFixed(0)} ms`).join(', ')}`);
        const { operations, schemas, versions } = result.cached ?? {};
        if (flags.timings && operations) logger.info(`site: ${takenPages(operations, schemas)} taken from the cache`);
        for (const version of flags.timings ? (versions ?? []) : []) logger.info(`site (version ${version.name}): ${takenPages(version.operations, version.schemas)} taken from the cache`);
        const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
        logger.info(
          `✓ built ${result.pages} pages in ${formatMs(ms)} → ${path.relative(process.cwd(), result.config.outDir) || '.'}/ (${formatBytes(result.bytes)})` +
            (result.cached && result.cached.pages > 0 ? `, ${result.cached.pages} from the cache` : '') +
            (warnings ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''),
        );
      } catch (e) {
        failWith(e, logger, 'build');
      } finally {
        stopOnSignal();
      }
    });
}

/** `2,646 of 2,649`: pages taken back of all. */
function takenOf(counts: { reused: number; made: number }): string {
  return `${counts.reused.toLocaleString('en-US')} of ${(counts.reused + counts.made).toLocaleString('en-US')}`;
}

/** "3 of 4 operation pages and 5 of 5 schema pages" (the schemas left out for an API with none). */
function takenPages(operations: { reused: number; made: number }, schemas?: { reused: number; made: number }): string {
  return `${takenOf(operations)} operation pages${schemas && schemas.reused + schemas.made > 0 ? ` and ${takenOf(schemas)} schema pages` : ''}`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
