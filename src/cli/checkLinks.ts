// `docsgen check-links`: the command exists with its options; until the standalone checker
// lands, it runs the build's own link check without writing a site.
import type { Command } from 'commander';
import { commonOptions } from './options';
import { failWith } from './exit';

export function registerCheckLinks(program: Command): void {
  commonOptions(
    program.command('check-links').description('Check every internal link and anchor of the site without writing it (fast enough for a pre-commit hook).'),
  ).action(async (flags: { config?: string; quiet?: boolean; color?: boolean }) => {
    const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
    const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
    try {
      const { build } = await import('../build');
      const result = await build({ configFile: flags.config, write: false, logger });
      const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
      logger.info(`✓ links checked on ${result.pages} pages: no broken links${warnings ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : ''}.`);
    } catch (e) {
      failWith(e, logger, 'check-links');
    }
  });
}
