// `docsgen diff <old-spec> <new-spec>`: maps its flags to diffSpecFiles() and prints the changes.
// Exit 0 normally; 1 with --fail-on breaking when a breaking change exists; 2 when a spec cannot
// be read or parsed, so a CI step can tell "your change breaks clients" from "the check failed".
import { Option, type Command } from 'commander';
import { EXIT_BUILD_ERROR, EXIT_USAGE, failWith } from './exit';

interface DiffFlags {
  format?: 'text' | 'json';
  failOn?: 'breaking';
  quiet?: boolean;
  color?: boolean;
}

/** A spec that cannot be read: the same code as a usage error, apart from 1 ("breaking changes found"). */
const EXIT_SPEC_ERROR = EXIT_USAGE;

const HELP = `
Specs are YAML or JSON files, or http(s) URLs; OpenAPI 3.0, 3.1 and Swagger 2.0 (converted to 3.0
first, as docsgen build does). Each change is breaking, non-breaking, deprecation or annotation by
the rules in docsgen's README ("Comparing two specs").

Exit codes: 0 compared (whatever changed), 1 breaking changes found with --fail-on breaking,
2 a spec could not be read or parsed.

Examples:
  $ docsgen diff openapi-v1.yaml openapi.yaml
  $ docsgen diff https://api.example.com/openapi.json openapi.yaml --format json > changes.json

Gate a pull request on breaking changes (GitHub Actions):
  - uses: actions/checkout@v4
    with: { fetch-depth: 0 }
  - run: git show origin/\${{ github.base_ref }}:openapi.yaml > /tmp/base-openapi.yaml
  - run: npx docsgen diff /tmp/base-openapi.yaml openapi.yaml --fail-on breaking
`;

export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description('Compare two OpenAPI specs and print what changed for clients, breaking changes first.')
    .argument('<old-spec>', '[path|url] the older spec')
    .argument('<new-spec>', '[path|url] the newer spec')
    .addOption(new Option('--format <format>', 'output format (default: text)').choices(['text', 'json']))
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a change of this severity exists').choices(['breaking']))
    .option('-q, --quiet', 'print only the summary line (and, with --fail-on, the breaking changes)')
    .addOption(new Option('--no-color', 'disable colours (also: NO_COLOR=1)').hideHelp())
    .addHelpText('after', HELP)
    .action(async (oldSpec: string, newSpec: string, flags: DiffFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const json = flags.format === 'json';
      const color = !json && (flags.color === false ? false : shouldUseColor());
      const logger = createLogger({ color });
      try {
        const [{ diffSpecFiles }, { formatChanges, formatSummary, formatJson, operationHeading }] = await Promise.all([import('../changelog/diffSpecFiles'), import('../changelog/report')]);
        const diff = await diffSpecFiles(oldSpec, newSpec);
        if (json) logger.info(formatJson(diff));
        else {
          if (!flags.quiet && diff.changes.length > 0) logger.info([...formatChanges(diff.changes, { color }), ''].join('\n'));
          logger.info(formatSummary(diff.summary));
        }
        const breaking = diff.changes.filter((c) => c.severity === 'breaking');
        if (flags.failOn === 'breaking' && breaking.length > 0) {
          logger.error(`✗ ${breaking.length} breaking ${breaking.length === 1 ? 'change' : 'changes'} (--fail-on breaking):`);
          for (const c of breaking) logger.error(`  ${operationHeading(c)}: ${c.text}`);
          process.exitCode = EXIT_BUILD_ERROR;
        }
      } catch (e) {
        failWith(e, logger, 'diff');
        process.exitCode = EXIT_SPEC_ERROR;
      }
    });
}
