// The findings as a SARIF 2.1.0 log, the format GitHub code scanning reads: uploaded by
// github/codeql-action/upload-sarif, each finding shows on the pull request at its file and
// line. Paths are relative to the repository root (`%SRCROOT%`), where the workflow runs lint.
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { LINT_RULES } from './rules';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const LEVEL = { throw: 'error', warn: 'warning', ignore: 'none' } as const;

export function toSarif(diagnostics: readonly Diagnostic[], options: { cwd: string; version: string }): Record<string, unknown> {
  const index = new Map(LINT_RULES.map((rule, i) => [rule.code, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'docsgen',
            version: options.version,
            informationUri: 'https://www.npmjs.com/package/docsgen',
            rules: LINT_RULES.map((rule) => ({
              id: rule.code,
              name: rule.code,
              shortDescription: { text: rule.description },
              defaultConfiguration: { level: LEVEL[rule.severity] },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToUri(options.cwd) + '/' } },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ...(index.has(d.code) ? { ruleIndex: index.get(d.code) } : {}),
          level: d.severity === 'error' ? 'error' : 'warning',
          message: { text: [d.text, ...(d.notes ?? [])].join('\n') },
          ...(d.location ? { locations: [{ physicalLocation: physicalLocation(d.location, options.cwd) }] } : {}),
        })),
      },
    ],
  };
}

function physicalLocation(location: NonNullable<Diagnostic['location']>, cwd: string) {
  const isUrl = /^https?:\/\//i.test(location.file);
  const relative = isUrl ? location.file : path.relative(cwd, location.file).split(path.sep).join('/');
  const inside = !isUrl && !relative.startsWith('..') && !path.isAbsolute(relative);
  const artifactLocation = inside ? { uri: encodeURI(relative), uriBaseId: '%SRCROOT%' } : { uri: isUrl ? location.file : pathToUri(location.file) };
  const region = location.line !== undefined ? { region: { startLine: location.line, ...(location.column !== undefined ? { startColumn: location.column } : {}) } } : {};
  return { artifactLocation, ...region };
}

function pathToUri(file: string): string {
  return 'file://' + encodeURI(file.split(path.sep).join('/').replace(/^([A-Za-z]):/, '/$1:'));
}
