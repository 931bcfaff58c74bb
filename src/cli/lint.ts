// `docsgen lint`: maps its flags to lintProject() and prints the findings as text, JSON or SARIF
// (for GitHub code scanning). Exit code 1 when any finding is an error under its rule's policy.
import { Option, type Command } from 'commander';
import { commonOptions } from './options';
import { EXIT_BUILD_ERROR, failWith } from './exit';

interface LintFlags {
  config?: string;
  quiet?: boolean;
  color?: boolean;
  spec?: string;
  format?: 'text' | 'json' | 'sarif';
}

const HELP = `
Each rule's policy ('throw' | 'warn' | 'ignore') is set in the config, e.g.
  lint: { rules: { 'example-mismatch': 'throw', 'unused-schema': 'ignore' } }
and the rules are listed in docsgen's README ("The quality gate").

Exit codes: 0 no errors (warnings may be printed), 1 at least one error.

Examples:
  $ docsgen lint
  $ docsgen lint --format sarif > docsgen.sarif   # then upload it to GitHub code scanning
`;

export function registerLint(program: Command): void {
  commonOptions(
    program
      .command('lint')
      .description("Check the spec's examples and descriptions and the guides' code, headings and images, without building the site.")
      .option('-s, --spec <url|file>', '[string] OpenAPI spec, overriding the config'),
  )
    .addOption(new Option('--format <format>', 'report format (default: text)').choices(['text', 'json', 'sarif']))
    .addHelpText('after', HELP)
    .action(async (flags: LintFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const text = (flags.format ?? 'text') === 'text';
      const color = text && (flags.color === false ? false : shouldUseColor());
      const logger = createLogger({ quiet: flags.quiet && text, color });
      try {
        const start = performance.now();
        const { lintProject } = await import('../lint/project');
        const report = await lintProject({ configFile: flags.config, spec: flags.spec });
        const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
        if (errors > 0) process.exitCode = EXIT_BUILD_ERROR;
        if (flags.format === 'sarif') {
          const { toSarif } = await import('../lint/sarif');
          logger.info(JSON.stringify(toSarif(report.diagnostics, { cwd: process.cwd(), version: program.version() ?? '' }), null, 2));
          return;
        }
        if (flags.format === 'json') {
          const { toJson } = await import('../lint/json');
          logger.info(JSON.stringify(toJson(report.diagnostics, process.cwd()), null, 2));
          return;
        }
        for (const d of report.diagnostics) logger.diagnostic(d);
        const warnings = report.diagnostics.length - errors;
        const checked = `${report.specs} ${report.specs === 1 ? 'spec' : 'specs'} and ${report.guides} ${report.guides === 1 ? 'guide' : 'guides'} in ${Math.round(performance.now() - start)} ms`;
        const summary = `${errors > 0 ? '✗' : '✓'} lint: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'} (${checked}).`;
        if (errors > 0) logger.error(summary);
        else if (warnings > 0) logger.warn(summary);
        else logger.info(summary);
      } catch (e) {
        failWith(e, logger, 'lint');
      }
    });
}
