// The quality gate: every check over a parsed spec and the guides' sources, then each rule's
// policy (throw → error, warn → warning, ignore → nothing) and each spec finding's line and
// column, found for all of them in one pass over the spec's text (openapi/locate.ts).
import fs from 'node:fs';
import { byPolicy, sortDiagnostics, type Diagnostic, type Policy } from '../diagnostics/diagnostic';
import type { GuideSource } from '../content/discover';
import { locateAll } from './locate';
import { createExampleValidator } from './exampleValidator';
import { rememberVerdicts, type Verdicts } from './exampleVerdicts';
import { checkExamples } from './examples';
import { checkCodeSamples } from './codeSamples';
import { checkOperations } from './operations';
import { checkComponents } from './components';
import { checkGuides, type CheckedGuide } from './guides';
import { LINT_RULES, rulePolicies } from './rules';
import type { Finding } from './finding';

export interface LintSpec {
  /** The parsed (and, for Swagger 2.0, converted) document. */
  document: Record<string, any>;
  /** Its file or URL. */
  source: string;
  /** Its text, for lines and columns; read from `source` when it is a file and this is left out. */
  text?: string;
  /** The examples' verdicts of an earlier check (`known`), and where this one's go (exampleVerdicts.ts). */
  verdicts?: { known?: Verdicts; made(verdicts: Verdicts): void };
}

export interface LintInput {
  specs: readonly LintSpec[];
  guides: readonly Pick<GuideSource, 'file' | 'body' | 'bodyLineOffset'>[];
  /** `lint.rules` of the config. */
  rules?: Readonly<Record<string, Policy>>;
  /** Which rules run (default: all); a rule whose policy is 'ignore' never does. */
  select?: (code: string) => boolean;
  /** How the guides are checked (default: checkGuides); the build's remembers unchanged guides' findings. */
  checkGuides?: (guides: readonly CheckedGuide[]) => Finding[];
  /**
   * Called each time the checks let go of a large part of their work (one direction's converted
   * copy of the spec and its compiled schemas, hundreds of MB on a large spec): the build's lint
   * thread collects its garbage there.
   */
  released?: () => void;
}

/** Every finding, as diagnostics under their rules' policies, sorted. */
export function lint(input: LintInput): Diagnostic[] {
  const policies = rulePolicies(input.rules);
  const wanted = (code: string) => policies.get(code) !== 'ignore' && (input.select?.(code) ?? true);
  const diagnostics: Diagnostic[] = [];
  for (const spec of input.specs) {
    const findings = lintSpec(spec.document, spec.source, wanted, input.released, spec.verdicts);
    diagnostics.push(...toDiagnostics(locateFindings(findings, spec), policies));
  }
  // Parsing every guide is the cost of these rules: none of it when none of them runs.
  if (LINT_RULES.some((rule) => rule.family === 'guides' && wanted(rule.code))) {
    diagnostics.push(...toDiagnostics((input.checkGuides ?? checkGuides)(input.guides).filter((f) => wanted(f.code)), policies));
  }
  return sortDiagnostics(dedupe(diagnostics));
}

/** The spec's findings of the rules `wanted` (an ignored rule costs nothing: examples are most of the time). */
export function lintSpec(document: Record<string, any>, file: string, wanted: (code: string) => boolean = () => true, released?: () => void, verdicts?: LintSpec['verdicts']): Finding[] {
  const findings: Finding[] = [];
  if (wanted('example-mismatch') || wanted('code-sample-mismatch')) {
    const remembered = verdicts && rememberVerdicts(document, createExampleValidator(document, released), verdicts.known);
    const validator = remembered?.validator ?? createExampleValidator(document, released);
    // Code samples first: they are judged in the request direction, which the examples then let go of.
    if (wanted('code-sample-mismatch')) findings.push(...checkCodeSamples(document, validator, file));
    if (wanted('example-mismatch')) findings.push(...checkExamples(document, validator, file));
    if (remembered) verdicts!.made(remembered.verdicts());
  }
  findings.push(...checkOperations(document, file).filter((f) => wanted(f.code)));
  if (wanted('unused-schema')) findings.push(...checkComponents(document, file));
  return findings;
}

/** Spec findings with the line and column of their pointer, or of its nearest ancestor the text has. */
function locateFindings(findings: Finding[], spec: LintSpec): Finding[] {
  if (findings.length === 0) return findings;
  const text = spec.text ?? readText(spec.source);
  if (text === undefined) return findings.map((f) => ({ ...f, location: { file: spec.source }, notes: [`in the OpenAPI spec at ${f.pointer}`, ...(f.notes ?? [])] }));
  const locations = locateAll(text, spec.source, findings.map((f) => ({ pointer: f.pointer ?? '', atValue: f.atValue })));
  return findings.map((f, i) => ({ ...f, location: locations[i], notes: [`in the OpenAPI spec at ${f.pointer}`, ...(f.notes ?? [])] }));
}

function toDiagnostics(findings: Finding[], policies: Map<string, Policy>): Diagnostic[] {
  return findings.flatMap((f) => byPolicy(policies.get(f.code) ?? 'warn', f.code, f.text, { location: f.location ?? { file: f.file }, ...(f.notes ? { notes: f.notes } : {}) }));
}

/** One finding once: a version that shares the current guides reports them once. */
function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.location?.file}|${d.location?.line}|${d.location?.column}|${d.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function readText(source: string): string | undefined {
  if (/^https?:\/\//i.test(source)) return undefined;
  try {
    return fs.readFileSync(source, 'utf8');
  } catch {
    return undefined;
  }
}
