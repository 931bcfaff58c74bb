// Options every command shares.
import { InvalidArgumentError, Option, type Command } from 'commander';

export function commonOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', '[path] config file (default: docsgen.config.ts in the working directory)')
    .option('-q, --quiet', 'print errors only')
    .addOption(new Option('--no-color', 'disable colours (also: NO_COLOR=1)').hideHelp());
}

/** Parses a flag's value as a whole number from `min` to `max`, or fails with commander's usage error. */
export const integer = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
  return n;
};
