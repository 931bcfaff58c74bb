// The quality gate inside `docsgen build`: the same checks as `docsgen lint` under the same
// policies, on the guides and specs the build has already read and parsed (the version shown at
// the unversioned URLs; `docsgen lint` checks every version), with the rules marked `build` and
// those the config sets (rules.ts). A spec's findings are kept in the
// build cache under its text: compiling a large spec's schemas takes seconds (GitHub's: ~7 s).
import type { ResolvedConfig } from '../config/types';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic';
import type { GuideSource } from '../content/discover';
import { digest, type Memo } from '../cache/memo';
import { engineDigest } from '../cache/engine';
import { lint } from './lint';
import { LINT_RULES } from './rules';

const LINT_STAGE = 'lint';

export function lintBuild(
  config: ResolvedConfig,
  guides: readonly Pick<GuideSource, 'file' | 'body' | 'bodyLineOffset'>[],
  apis: readonly { document: Record<string, any>; source: string; specDigest?: string }[],
  memo?: Memo,
): Diagnostic[] {
  const rules = config.lint.rules;
  const select = (code: string) => rules[code] !== undefined || LINT_RULES.some((rule) => rule.code === code && rule.build);
  const fromSpecs = apis.flatMap((api) => {
    // A spec whose $refs name other files has no digest: it is linted every build.
    const key = memo && api.specDigest ? digest(engineDigest(), api.specDigest, api.source, JSON.stringify(rules)) : undefined;
    const kept = key ? memo!.get<Diagnostic[]>(LINT_STAGE, key) : undefined;
    if (kept) return kept;
    const found = lint({ specs: [{ document: api.document, source: api.source }], guides: [], rules, select });
    if (key) memo!.set(LINT_STAGE, key, found);
    return found;
  });
  return sortDiagnostics([...fromSpecs, ...lint({ specs: [], guides, rules, select })]);
}
