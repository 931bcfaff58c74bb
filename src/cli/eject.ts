// `docsgen eject <Component>` and `docsgen eject --list`: maps the flags to src/theme/eject.ts.
import path from 'node:path';
import type { Command } from 'commander';
import { commonOptions } from './options';
import { failWith, EXIT_USAGE } from './exit';

interface EjectFlags {
  config?: string;
  quiet?: boolean;
  color?: boolean;
  list?: boolean;
}

const HELP = `
The copy goes to the theme folder (config themeDir, default theme/ beside the config file) and
replaces the built-in on every page from the next build. Its imports of docsgen's own modules
become 'docsgen/theme/…' ones, so it compiles from there unchanged. An existing file is never
overwritten. To change a component a little, wrap it instead of copying it:
  import { Footer as OriginalFooter } from 'docsgen/theme/original/components/Footer';

Examples:
  $ docsgen eject --list
  $ docsgen eject Footer
`;

export function registerEject(program: Command): void {
  commonOptions(
    program
      .command('eject')
      .description('Copy a built-in component into theme/ to customise it (--list: the components).')
      .argument('[component]', '[string] the component, e.g. Footer')
      .option('--list', 'list the components that can be ejected or overridden'),
  )
    .addHelpText('after', HELP)
    .action(async (component: string | undefined, flags: EjectFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
      const { ejectable, ejectComponent } = await import('../theme/eject');
      const { propsTypes } = await import('../theme/builtins');
      if (flags.list) {
        for (const b of ejectable()) logger.info(`${b.name.padEnd(22)} ${b.folder.padEnd(11)} props: ${propsTypes(b).join(', ')}`);
        return;
      }
      if (!component) {
        logger.error('docsgen eject needs a component name, e.g. "docsgen eject Footer"; "docsgen eject --list" lists them.');
        process.exitCode = EXIT_USAGE;
        return;
      }
      try {
        const { loadConfig } = await import('../config/load');
        const { config } = await loadConfig({ configFile: flags.config });
        const result = ejectComponent(component, config.themeDir);
        logger.info(`✓ ejected ${result.builtin.name} → ${path.relative(process.cwd(), result.file) || result.file} (it replaces the built-in from the next build)`);
      } catch (e) {
        failWith(e, logger, `eject ${component}`);
      }
    });
}
