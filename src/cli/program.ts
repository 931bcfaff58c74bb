// The command line: commander only. Each command maps its flags to build() options; heavy
// modules are imported inside the actions so `docsgen --help` stays fast.
import { Command, CommanderError } from 'commander';
import { registerBuild } from './build';
import { registerCheckLinks } from './checkLinks';
import { registerServe } from './serve';
import { EXIT_USAGE } from './exit';

export function createProgram(): Command {
  const program = new Command('docsgen')
    .description('Build the documentation website of an API: markdown guides plus a reference generated from an OpenAPI spec.')
    .version('0.1.0', '-v, --version', 'print the docsgen version')
    .helpOption('-h, --help', 'show help for a command')
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, '')) })
    .exitOverride();
  registerBuild(program);
  registerServe(program);
  registerCheckLinks(program);
  program.on('command:*', ([name]) => {
    program.error(`docsgen does not know the command "${name}". Run "docsgen --help" to see the commands.`, { exitCode: EXIT_USAGE, code: 'docsgen.unknownCommand' });
  });
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0; every other parse failure is a usage error.
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_USAGE;
      return;
    }
    throw e;
  }
}
