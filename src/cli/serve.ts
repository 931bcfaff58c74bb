// `docsgen serve`: the command exists with its options; serving and watching arrive with the
// serve issue, so for now it says so and exits with a usage error instead of pretending.
import type { Command } from 'commander';
import { commonOptions } from './options';
import { EXIT_USAGE } from './exit';

export function registerServe(program: Command): void {
  commonOptions(
    program
      .command('serve')
      .description('Serve the built site on 127.0.0.1 for local authoring; with --watch, rebuild on change and reload the browser.')
      .option('-p, --port <number>', '[number] port to listen on (default: 3000)')
      .option('--host <host>', '[string] address to bind (default: 127.0.0.1)')
      .option('-w, --watch', 'rebuild on change and reload the browser')
      .option('--open', 'open the site in the default browser'),
  ).action(() => {
    process.stderr.write('docsgen serve is not available in this version yet; run "docsgen build" and serve the build/ folder with any static server.\n');
    process.exitCode = EXIT_USAGE;
  });
}
