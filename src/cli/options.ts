// Options every command shares.
import { Option, type Command } from 'commander';

export function commonOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', '[path] config file (default: docsgen.config.ts in the working directory)')
    .option('-q, --quiet', 'print errors only')
    .addOption(new Option('--no-color', 'disable colours (also: NO_COLOR=1)').hideHelp());
}

