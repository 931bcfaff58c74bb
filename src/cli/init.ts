// `docsgen init [dir]`: maps its flags to initProject(), asking on a terminal for what the flags
// did not give (unless --yes), and prints what was written and what to run next.
import type { Command } from 'commander';
import { failWith } from './exit';

/** 128 + SIGINT, as for the other commands stopped by Ctrl+C. */
const EXIT_INTERRUPTED = 130;

interface InitFlags {
  title?: string;
  url?: string;
  spec?: string;
  yes?: boolean;
  color?: boolean;
}

const HELP = `
Never replaces a file: one that exists is left as it is and listed. package.json gets the
docs:build, docs:dev and docs:check scripts (a script of the same name is kept), .gitignore
the output folder and .docsgen/.

Examples:
  $ docsgen init docs
  $ docsgen init --yes --title "Acme API" --url https://acme.github.io/widgets/ --spec ../api/openapi.yaml
`;

export function registerInit(program: Command): void {
  program
    .command('init')
    .argument('[dir]', 'project folder (created when missing)', '.')
    .description('Start a documentation project: config, a getting-started guide, a spec, npm scripts, a GitHub Pages workflow and a pre-commit hook.')
    .option('--title <title>', 'site title (default: from package.json or the folder name)')
    .option('--url <url>', 'address the site will be published at, path included (default: the GitHub Pages address of the origin remote)')
    .option('-s, --spec <file|url>', 'your OpenAPI spec: a file (referenced, or copied when outside the repository) or a URL (default: a sample spec)')
    .option('-y, --yes', 'ask nothing; take the flags and the defaults')
    .addHelpText('after', HELP)
    .action(async (dir: string, flags: InitFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const logger = createLogger({ color: flags.color === false ? false : shouldUseColor() });
      try {
        const [{ initProject, initDefaults }, { formatInitReport }] = await Promise.all([import('../init/initProject'), import('../init/report')]);
        let answers: { title?: string; siteUrl?: string; spec?: string } = { title: flags.title, siteUrl: flags.url, spec: flags.spec };
        // Questions only on a terminal: in CI or a pipe, init never waits for input.
        if (process.stdin.isTTY && !flags.yes) {
          const { askAnswers, isPromptAborted } = await import('../init/prompt');
          const path = await import('node:path');
          try {
            answers = await askAnswers(answers, initDefaults(path.resolve(dir)), { input: process.stdin, output: process.stdout, cwd: process.cwd() });
          } catch (e) {
            if (!isPromptAborted(e)) throw e;
            logger.error('\n✗ init stopped; nothing was written.');
            process.exitCode = EXIT_INTERRUPTED;
            return;
          }
        }
        const result = initProject({ dir, ...answers });
        logger.info(formatInitReport(result));
      } catch (e) {
        failWith(e, logger, 'init');
      }
    });
}
