// The quality gate inside `docsgen build`: the same checks as `docsgen lint` under the same
// policies, on the guides and specs the build has already read and parsed (the version shown at
// the unversioned URLs; `docsgen lint` checks every version).
import type { ResolvedConfig } from '../config/types';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { GuideSource } from '../content/discover';
import { lint } from './lint';

export function lintBuild(config: ResolvedConfig, guides: readonly Pick<GuideSource, 'file' | 'body' | 'bodyLineOffset'>[], apis: readonly { document: Record<string, any>; source: string }[]): Diagnostic[] {
  return lint({ specs: apis.map(({ document, source }) => ({ document, source })), guides, rules: config.lint.rules });
}
