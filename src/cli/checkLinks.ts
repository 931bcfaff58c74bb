// `docsgen check-links`: maps its flags to checkSiteLinks() and prints the report: one line per
// problem grouped by file, then a summary; or JSON. Exit code 1 when any problem is an error.
import { Option, type Command } from 'commander';
import type { Policy } from '../diagnostics/diagnostic';
import { commonOptions } from './options';
import { EXIT_BUILD_ERROR, failWith } from './exit';

interface CheckLinksFlags {
  config?: string;
  quiet?: boolean;
  color?: boolean;
  dir?: string;
  spec?: string;
  format?: 'text' | 'json';
  external?: boolean;
  onBrokenLinks?: Policy;
  onBrokenAnchors?: Policy;
  onBrokenMarkdownLinks?: Policy;
  onDuplicateRoutes?: Policy;
}

const policy = (flag: string, what: string, fallback: string) => new Option(`${flag} <policy>`, `${what} (default: from config, else ${fallback})`).choices(['throw', 'warn', 'ignore']);

export function registerCheckLinks(program: Command): void {
  commonOptions(
    program
      .command('check-links')
      .description('Check every internal link and anchor of the site without writing it (fast enough for a pre-commit hook).')
      .option('-d, --dir <folder>', '[path] check an already built output folder instead of the sources')
      .option('-s, --spec <url|file>', '[string] OpenAPI spec, overriding the config'),
  )
    .addOption(new Option('--format <format>', 'report format (default: text)').choices(['text', 'json']))
    .option('--external', 'also fetch external links (cached in .docsgen/external-links.json)')
    .addOption(policy('--on-broken-links', 'a link to a page that does not exist', 'throw'))
    .addOption(policy('--on-broken-anchors', 'a link to an #anchor the page does not have', 'warn'))
    .addOption(policy('--on-broken-markdown-links', 'a relative .md link to a missing file', 'warn'))
    .addOption(policy('--on-duplicate-routes', 'two sources for one URL', 'warn'))
    .action(async (flags: CheckLinksFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const json = flags.format === 'json';
      const color = !json && (flags.color === false ? false : shouldUseColor());
      const logger = createLogger({ quiet: flags.quiet && !json, color });
      try {
        const [{ checkSiteLinks }, { toProblems, formatProblems, formatJson, summarize }] = await Promise.all([import('../links/checkSite'), import('../links/report')]);
        const start = performance.now();
        const report = await checkSiteLinks({
          configFile: flags.config,
          dir: flags.dir,
          spec: flags.spec,
          external: flags.external,
          policies: { onBrokenLinks: flags.onBrokenLinks, onBrokenAnchors: flags.onBrokenAnchors, onBrokenMarkdownLinks: flags.onBrokenMarkdownLinks, onDuplicateRoutes: flags.onDuplicateRoutes },
        });
        const ms = performance.now() - start;
        const problems = toProblems(report.diagnostics, process.cwd(), { source: !json });
        const errors = problems.filter((p) => p.severity === 'error').length;
        if (errors > 0) process.exitCode = EXIT_BUILD_ERROR;
        if (json) {
          logger.info(formatJson(problems));
          return;
        }
        const shown = flags.quiet ? problems.filter((p) => p.severity === 'error') : problems;
        for (const line of formatProblems(shown, { color })) logger.error(line);
        if (shown.length > 0) logger.error('');
        const summary = summarize(problems, { links: report.links, pages: report.pages, ms, external: report.externalChecked, dir: flags.dir !== undefined });
        if (errors > 0) logger.error(summary);
        else if (problems.length > 0) logger.warn(summary);
        else logger.info(summary);
      } catch (e) {
        failWith(e, logger, 'check-links');
      }
    });
}
