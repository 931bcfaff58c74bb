// `docsgen lint` as a function: the config, then each documentation version's guide sources and
// specs (parsed, not validated, not modelled, nothing rendered), through the checks.
import { loadConfig } from '../config/load';
import type { InlineConfig, ResolvedConfig } from '../config/types';
import { DocsgenError, hasErrors, type Diagnostic } from '../diagnostics/diagnostic';
import { discoverGuides } from '../content/discover';
import { loadSpec } from '../openapi/load';
import { parseApi } from '../openapi/parse';
import { siteVersions } from '../versions/resolve';
import { lint, type LintSpec } from './lint';

export interface LintReport {
  diagnostics: Diagnostic[];
  /** How many spec files and guides were checked. */
  specs: number;
  guides: number;
}

export async function lintProject(options: Pick<InlineConfig, 'configFile' | 'root' | 'spec'> = {}): Promise<LintReport> {
  const { config } = await loadConfig(options);
  const { versions, diagnostics: problems } = siteVersions(config);
  if (hasErrors(problems)) throw new DocsgenError(problems);
  const specs: LintSpec[] = [];
  const guides = [];
  const seenSpecs = new Set<string>();
  const seenGuides = new Set<string>();
  for (const version of versions) {
    for (const spec of await loadSpecs(version.config)) {
      if (!seenSpecs.has(spec.source)) specs.push(spec);
      seenSpecs.add(spec.source);
    }
    // A version that differs only in its spec shares the current guides: each file once.
    const { sources } = discoverGuides(version.config.guidesDir);
    for (const guide of sources) {
      if (guide.frontMatter.draft === true || seenGuides.has(guide.file)) continue;
      seenGuides.add(guide.file);
      guides.push(guide);
    }
  }
  return { diagnostics: lint({ specs, guides, rules: config.lint.rules }), specs: specs.length, guides: guides.length };
}

async function loadSpecs(config: ResolvedConfig): Promise<LintSpec[]> {
  const specs: LintSpec[] = [];
  for (const api of config.apis) {
    const spec = await loadSpec(api.spec, { root: config.root, timeoutMs: api.timeoutMs });
    const parsed = await parseApi(spec, { strict: false, validator: false });
    specs.push({ document: parsed.document, source: spec.source, text: spec.text });
  }
  return specs;
}
