// `docsgen diff` without the CLI: reads two specs (files or URLs) the way a build does (loadSpec,
// then parseApi without the validator: Swagger 2.0 converted, external $refs bundled) and
// compares the documents. Throws a DocsgenError naming the spec that cannot be read or parsed.
import { loadSpec } from '../openapi/load';
import { parseApi } from '../openapi/parse';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { diffSpecs, SpecsTooDeepToCompare, summarize } from './diffSpecs';
import type { ApiChange, ChangeSummary } from './types';

export interface SpecDiff {
  /** The file paths (absolute) or URLs compared. */
  before: string;
  after: string;
  changes: ApiChange[];
  summary: ChangeSummary;
}

export interface DiffSpecFilesOptions {
  /** Where relative paths start (default: the working directory). */
  root?: string;
  /** For a spec given as a URL (default 10 000 ms). */
  timeoutMs?: number;
}

export async function diffSpecFiles(oldSpec: string, newSpec: string, options: DiffSpecFilesOptions = {}): Promise<SpecDiff> {
  const [before, after] = await Promise.all([readDocument(oldSpec, options), readDocument(newSpec, options)]);
  let changes: ApiChange[];
  try {
    changes = diffSpecs(before.document, after.document);
  } catch (e) {
    if (e instanceof SpecsTooDeepToCompare) throw new DocsgenError([error('diff-too-deep', `${before.source} and ${after.source} cannot be compared: ${e.message}.`, { location: { file: after.source } })], { cause: e });
    throw e;
  }
  return { before: before.source, after: after.source, changes, summary: summarize(changes) };
}

async function readDocument(spec: string, options: DiffSpecFilesOptions): Promise<{ source: string; document: Record<string, any> }> {
  try {
    const loaded = await loadSpec(spec, { root: options.root ?? process.cwd(), timeoutMs: options.timeoutMs ?? 10_000 });
    const parsed = await parseApi(loaded, { strict: false, validator: false });
    return { source: loaded.source, document: parsed.document };
  } catch (e) {
    // loadSpec's hints speak of the build's config and --spec, which diff does not have.
    if (e instanceof DocsgenError) for (const d of e.diagnostics) if (d.code === 'spec-not-found') d.hint = 'docsgen diff takes two spec files or URLs: check the path.';
    throw e;
  }
}
