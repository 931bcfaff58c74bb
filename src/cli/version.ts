// `docsgen version <name>`: maps its flags to cutVersion() and prints what it wrote.
import path from 'node:path';
import type { Command } from 'commander';
import { commonOptions } from './options';
import { exitOnSignal, failWith } from './exit';
import { formatBytes } from './build';
import type { CutVersionResult } from '../versions/cutVersion';

interface VersionFlags {
  config?: string;
  quiet?: boolean;
  color?: boolean;
}

const HELP = `
What is copied where (<root> is the folder of the config file):
  <contentDir>/guides/  →  <root>/versioned/<name>/guides/      every file: guides, category files, images
  openapi.spec          →  <root>/versioned/<name>/openapi.yaml  (or .json: the spec's own format; a file
                                                                or URL; a spec split over several files
                                                                by $refs is written as one)
and <name> is added first (newest) in <root>/versions.json. The build then shows the version at
/guides/<name>/… and /api/<name>/…; the current docs stay the current version ("Next").

Names: letters, digits, ".", "_" and "-", starting with a letter or digit; not current, next,
changelog or tags. The command refuses a name that exists, an invalid spec, a guides folder it
cannot copy (a symbolic link out of it), and a config that lists its versions (versions.list).
It writes all or nothing.

To remove a version: delete the folder versioned/<name>/ and its entry in versions.json.

Example:
  $ docsgen version 2025-06
`;

export function registerVersion(program: Command): void {
  commonOptions(
    program
      .command('version')
      .description('Snapshot the current guides and spec as a version of the docs (versioned/<name>/, versions.json).')
      .argument('<name>', '[string] the version\'s name, e.g. 2025-06'),
  )
    .addHelpText('after', HELP)
    .action(async (name: string, flags: VersionFlags) => {
      const { createLogger, shouldUseColor } = await import('../diagnostics/logger');
      const logger = createLogger({ quiet: flags.quiet, color: flags.color === false ? false : shouldUseColor() });
      const stopOnSignal = await exitOnSignal(logger, 'version');
      try {
        const { cutVersion } = await import('../versions/cutVersion');
        const result = await cutVersion({ name, configFile: flags.config, logger });
        for (const line of describeCut(result, process.cwd())) logger.info(line);
      } catch (e) {
        failWith(e, logger, `version ${name}`);
      } finally {
        stopOnSignal();
      }
    });
}

/** What the command prints: one line per thing written, paths relative to `cwd`. */
export function describeCut(result: CutVersionResult, cwd: string): string[] {
  const rel = (abs: string) => path.relative(cwd, abs) || '.';
  const files = (result.guides?.files ?? 0) + (result.spec ? 1 : 0);
  const bytes = (result.guides?.bytes ?? 0) + (result.spec?.bytes ?? 0);
  const lines = [`✓ cut version ${result.name}: ${files} ${files === 1 ? 'file' : 'files'} (${formatBytes(bytes)}) → ${rel(result.dir)}/`];
  if (result.guides) lines.push(`  ${rel(result.guides.dir)}/  ${result.guides.files} ${result.guides.files === 1 ? 'file' : 'files'}, ${formatBytes(result.guides.bytes)}`);
  if (result.spec) lines.push(`  ${rel(result.spec.file)}  ${formatBytes(result.spec.bytes)}${result.spec.bundled ? ', bundled with the files its $refs name' : ''}`);
  lines.push(`  ${rel(result.versionsFile)}  ${result.versions.join(', ')}`);
  return lines;
}
