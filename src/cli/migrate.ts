// `docsgen migrate docusaurus <dir>`: maps its flags to migrateDocusaurus() and prints the report.
import type { Command } from 'commander';
import { exitOnSignal, failWith } from './exit';

interface MigrateFlags {
  out?: string;
  quiet?: boolean;
  color?: boolean;
}

const HELP = `
Reads a Docusaurus 3 site (docusaurus.config.js/ts, sidebars, docs/, _category_ files, static/,
and the docusaurus-plugin-openapi-docs config) and writes a docsgen project: docsgen.config.ts,
content/guides/ from docs/, static/ into content/, the spec, and redirects from the old doc and
API URLs. It never overwrites a file. MDX it cannot convert (imports, JSX) stays in place inside
a "TODO(docsgen migrate)" comment, and the report lists each at its file:line.

Example:
  $ docsgen migrate docusaurus ./website --out ./docs-site
`;

export function registerMigrate(program: Command): void {
  const migrate = program.command('migrate').description('Move a site from another documentation generator to docsgen.');
  migrate
    .command('docusaurus')
    .description('Write a docsgen project from a Docusaurus 3 site.')
    .argument('<dir>', 'the Docusaurus site (the folder of docusaurus.config.js)')
    .option('-o, --out <dir>', 'where to write the docsgen project (a new folder)', '<dir>/docsgen')
    .option('-q, --quiet', 'print only errors')
    .option('--no-color', 'plain output')
    .addHelpText('after', HELP)
    .action(async (dir: string, flags: MigrateFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
      const stopOnSignal = await exitOnSignal(logger, 'migrate');
      try {
        const { migrateDocusaurus } = await import('../migrate/migrate');
        const { migrateReport } = await import('../migrate/report');
        const result = await migrateDocusaurus({ siteDir: dir, outDir: flags.out === '<dir>/docsgen' ? undefined : flags.out });
        for (const line of migrateReport(result, process.cwd())) logger.info(line);
      } catch (e) {
        failWith(e, logger, 'migrate');
      } finally {
        stopOnSignal();
      }
    });
}
