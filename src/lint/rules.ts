// The quality gate's rules: each has a permanent code, a default policy (`lint.rules` in the
// config overrides it) and the one line the README's table and SARIF's rule list show. Defaults
// are warnings, so that a site that built before the gate existed still builds; only a
// duplicated operationId, which the OpenAPI specification forbids, is an error (in a build the
// spec validator reports it already).
// `docsgen build` runs the rules about wrong content (`build: true`) and those the config sets;
// the rules about missing content run in `docsgen lint`: on real specs they find thousands of
// undescribed parameters (4,420 in 200 specs), which would bury a build's other warnings.
import type { Policy } from '../diagnostics/diagnostic';

export interface LintRule {
  code: string;
  family: 'examples' | 'operations' | 'components' | 'guides';
  severity: Policy;
  /** Run by `docsgen build` without being set in the config. */
  build: boolean;
  description: string;
}

export const LINT_RULES: readonly LintRule[] = [
  { code: 'example-mismatch', family: 'examples', build: true, severity: 'warn', description: 'An `example`/`examples` value of a parameter, header, request or response body or schema does not match its schema.' },
  { code: 'code-sample-mismatch', family: 'examples', build: true, severity: 'warn', description: 'The JSON body of an `x-codeSamples` sample does not parse or does not match the request body schema.' },
  { code: 'operation-description', family: 'operations', build: false, severity: 'warn', description: 'An operation has neither a summary nor a description.' },
  { code: 'parameter-description', family: 'operations', build: false, severity: 'warn', description: 'A parameter has no description.' },
  { code: 'response-schema', family: 'operations', build: false, severity: 'warn', description: 'A request or response media type that has a structured body (JSON, XML, text, form) has no schema.' },
  { code: 'response-success', family: 'operations', build: false, severity: 'warn', description: 'An operation has no 2xx (or 3xx) response.' },
  { code: 'operation-id-missing', family: 'operations', build: false, severity: 'warn', description: 'An operation has no operationId (links and typed links in guides cannot name it).' },
  { code: 'operation-id-duplicate', family: 'operations', build: false, severity: 'throw', description: 'Two operations share an operationId.' },
  { code: 'unused-schema', family: 'components', build: false, severity: 'warn', description: 'A schema of `components.schemas` is referenced from no operation, parameter, body, header or other used schema.' },
  { code: 'guide-json-invalid', family: 'guides', build: true, severity: 'warn', description: 'A fenced ```json code block in a guide does not parse as JSON.' },
  { code: 'guide-heading-skip', family: 'guides', build: false, severity: 'warn', description: 'A guide heading skips a level (an h4 after an h2; the page title is the h1).' },
  { code: 'guide-image-alt', family: 'guides', build: false, severity: 'warn', description: 'A guide image (markdown or `<img>`) has no alt text.' },
];

export const LINT_CODES: readonly string[] = LINT_RULES.map((r) => r.code);

/** Each rule's policy: the configured one, else its default. */
export function rulePolicies(configured: Readonly<Record<string, Policy>> = {}): Map<string, Policy> {
  return new Map(LINT_RULES.map((r) => [r.code, configured[r.code] ?? r.severity]));
}
