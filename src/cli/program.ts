// The command line: commander only. Each command maps its flags to build() options; heavy
// modules are imported inside the actions so `docsgen --help` stays fast.
import { dropOutputWhenPipeCloses } from './closedPipe';
import { Command, CommanderError } from 'commander';
import { registerBuild } from './build';
import { registerCheckLinks } from './checkLinks';
import { registerDiff } from './diff';
import { registerEject } from './eject';
import { registerInit } from './init';
import { registerLint } from './lint';
import { registerMigrate } from './migrate';
import { registerServe } from './serve';
import { registerVersion } from './version';
import { EXIT_USAGE } from './exit';
import { closest } from '../config/validate';

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
  registerDiff(program);
  registerLint(program);
  registerMigrate(program);
  registerVersion(program);
  registerInit(program);
  registerEject(program);
  // This handler replaces commander's own unknown-command error, and with it the suggestion that
  // showSuggestionAfterError would add: it is made here (`docsgen buld` → "Did you mean build?").
  program.on('command:*', ([name]: string[]) => {
    const guess = suggestCommand(name, program.commands.map((c) => c.name()));
    program.error(`docsgen does not know the command "${name}".${guess ? ` Did you mean ${guess}?` : ''} Run "docsgen --help" to see the commands.`, {
      exitCode: EXIT_USAGE,
      code: 'docsgen.unknownCommand',
    });
  });
  return program;
}

/** The command a mistyped one was meant to be: `buld` → `build`, `check-link` → `check-links`, `serv` → `serve`. */
export function suggestCommand(name: string, commands: string[]): string | undefined {
  const candidates = commands.filter((c) => c !== 'help');
  const typed = name.toLowerCase();
  // A prefix or an extension of a command (`check`, `serve-it`) is as good a guess as a typo.
  const prefix = candidates.filter((c) => typed.length >= 3 && (c.startsWith(typed) || typed.startsWith(c)));
  if (prefix.length === 1) return prefix[0];
  return closest(typed, candidates);
}

export async function runCli(argv: string[]): Promise<void> {
  dropOutputWhenPipeCloses();
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
