// The quality gate's spec rules as a build runs them: which rules (the config's policies and
// the rules marked `build`), and the check of one spec's text. The build checks a spec in the
// spec's validation thread (src/openapi/validateWorker.ts), on the parse it validates.
import type { ResolvedConfig } from '../config/types';
import type { Diagnostic, Policy } from '../diagnostics/diagnostic';
import { lint } from './lint';
import { verdictsChanged, type Verdicts } from './exampleVerdicts';
import { readEntry, writeEntry } from '../cache/diskMemo';
import { LINT_RULES } from './rules';

/** What a thread needs to check a spec as the build does: plain data, sent to it. */
export interface SpecLintJob {
  rules: Record<string, Policy>;
  /** The rules to run. */
  codes: string[];
  /**
   * The build cache's entry of this spec's example verdicts (lint/exampleVerdicts.ts), which the
   * thread reads and writes itself: they stay in the thread, as the checks do.
   */
  verdictsFile?: string;
}

/** The build's rules: those marked `build`, and those the config sets. */
export function buildLintJob(config: ResolvedConfig): SpecLintJob {
  const rules = config.lint.rules;
  const codes = LINT_RULES.map((rule) => rule.code).filter((code) => rules[code] !== undefined || LINT_RULES.some((rule) => rule.code === code && rule.build));
  return { rules: { ...rules }, codes };
}

/**
 * The findings on a spec that is its text parsed. `released`: see LintInput; a thread collects
 * its garbage there (left to V8, the lint thread's heap grew to several times what it held
 * beside the build's site stage: the 35,000-page spec, 1,345 MiB of peak RSS for 520 MB live at
 * most, 1,063 MiB with these collections).
 */
export function lintSpecText(job: SpecLintJob, spec: { document: Record<string, any>; source: string; text: string }, released?: () => void): Diagnostic[] {
  const codes = new Set(job.codes);
  const file = job.verdictsFile;
  const kept = file === undefined ? undefined : readEntry(file);
  const known = kept instanceof Map ? (kept as Verdicts) : undefined;
  // Written only when this check gave a verdict the kept ones lack: a failed write costs the next build time, never this one.
  const verdicts = file === undefined ? undefined : { known, made: (made: Verdicts) => void (verdictsChanged(known, made) && writeEntry(file, made)) };
  return lint({ specs: [{ ...spec, verdicts }], guides: [], rules: job.rules, select: (code) => codes.has(code), released });
}
