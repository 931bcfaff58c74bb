// The example checks' verdicts kept between builds (src/lint/exampleVerdicts.ts): an example
// whose schema, components and value are as they were is not judged again; any change to what a
// verdict depends on is judged again, so the findings are always a fresh check's.
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { createExampleValidator, type ExampleValidator } from '../../src/lint/exampleValidator';
import { rememberVerdicts, verdictsChanged, type Verdicts } from '../../src/lint/exampleVerdicts';
import { checkExamples } from '../../src/lint/examples';
import { lintSpec } from '../../src/lint/lint';

/** A spec whose response example is `example`, with the component `Zone` written as `zone`. */
const spec = ({ example = '{ id: 7, name: Riverside }', zone = '{ type: object, properties: { id: { type: integer }, name: { type: string } } }', summary = 'Get a zone', schema = "{ $ref: '#/components/schemas/Zone' }" } = {}) =>
  load(`openapi: 3.0.3
info: { title: Zones, version: '1' }
paths:
  /zones/{id}:
    get:
      operationId: getZone
      summary: ${summary}
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer }, example: '12' }
      responses:
        '200':
          description: The zone.
          content:
            application/json:
              schema: ${schema}
              example: ${example}
components:
  schemas:
    Zone: ${zone}
`) as Record<string, any>;

/** The validator of `document`, counting the examples it judges itself. */
function counted(document: Record<string, any>): ExampleValidator & { judged: number } {
  const inner = createExampleValidator(document);
  const counter = {
    judged: 0,
    validate: (...args: Parameters<ExampleValidator['validate']>) => {
      counter.judged++;
      return inner.validate(...args);
    },
    release: inner.release,
  };
  return counter;
}

/** The examples' findings on `document`, given the verdicts `known`: what the findings are, how many examples were judged, and the verdicts to keep. */
function check(document: Record<string, any>, known?: Verdicts) {
  const validator = counted(document);
  const remembered = rememberVerdicts(document, validator, known);
  const findings = checkExamples(document, remembered.validator, 'openapi.yaml').map((f) => `${f.pointer}: ${f.text}`);
  return { findings, judged: validator.judged, verdicts: remembered.verdicts() };
}

/** A fresh check's findings, with nothing remembered. */
const fresh = (document: Record<string, any>) => checkExamples(document, createExampleValidator(document), 'openapi.yaml').map((f) => `${f.pointer}: ${f.text}`);

describe('lint/exampleVerdicts', () => {
  it('takes back the verdict of every example whose schema, components and value are unchanged: nothing is judged again', () => {
    const first = check(spec({ example: '{ id: seven }' }));
    expect(first.judged).toBe(2);
    expect(first.findings).toHaveLength(1);
    expect(first.findings[0]).toMatch(/at \/id it must be integer/);

    // Another summary: the same schemas and values.
    const again = check(spec({ example: '{ id: seven }', summary: 'Fetch a zone' }), first.verdicts);
    expect(again.judged).toBe(0);
    expect(again.findings).toEqual(first.findings);
    expect(verdictsChanged(first.verdicts, again.verdicts)).toBe(false);
  });

  it('judges again an example whose value, whose own schema or a component its schema refers to changed, and finds what a fresh check finds', () => {
    const known = check(spec()).verdicts;
    const edits = [
      spec({ example: '{ id: 7, name: 12 }' }),
      spec({ zone: '{ type: object, properties: { id: { type: string } } }' }),
      spec({ schema: '{ type: object, required: [code], properties: { code: { type: string } } }' }),
    ];
    for (const document of edits) {
      const after = check(document, known);
      expect(after.judged).toBeGreaterThan(0);
      expect(after.findings).toEqual(fresh(document));
      expect(after.findings).toHaveLength(1);
      expect(verdictsChanged(known, after.verdicts)).toBe(true);
    }
  });

  it('never keeps a verdict that depends on more than the components, or on a value JSON cannot tell apart', () => {
    // A schema that refers into `paths`: the component the other example uses is judged every time too.
    const intoPaths = spec({ zone: "{ $ref: '#/paths/~1zones~1{id}/get/responses/200/content/application~1json/schema/properties/inner' }", schema: '{ type: object, properties: { inner: { type: integer } } }', example: '{ inner: 1 }' });
    const first = check(intoPaths);
    expect(first.verdicts.size).toBe(0);
    expect(check(intoPaths, first.verdicts).judged).toBe(first.judged);

    // One schema that refers into `paths`: only its own example is judged every time.
    const oneIntoPaths = spec({ schema: "{ $ref: '#/paths/~1zones~1{id}/get/parameters/0/schema' }", example: '5' });
    const once = check(oneIntoPaths);
    expect(once.verdicts.size).toBe(1);
    expect(check(oneIntoPaths, once.verdicts).judged).toBe(1);

    // YAML's `.nan` is NaN, which JSON writes as it writes null.
    const notANumber = spec({ example: '.nan', schema: '{ type: number }' });
    expect(notANumber.paths['/zones/{id}'].get.responses['200'].content['application/json'].example).toBeNaN();
    const withNaN = check(notANumber);
    expect(withNaN.verdicts.size).toBe(1); // the parameter's, not the body's
    expect(check(notANumber, withNaN.verdicts).judged).toBe(1);
  });

  it('gives lintSpec the verdicts it made, and takes back those it is given', () => {
    let made: Verdicts | undefined;
    const examples = (code: string) => code === 'example-mismatch';
    const first = lintSpec(spec({ example: '{ id: seven }' }), 'openapi.yaml', examples, undefined, { made: (v) => (made = v) });
    expect(made?.size).toBe(2);
    // Verdicts that say the opposite of the truth are believed: this is how a test can tell they were used.
    const lying: Verdicts = new Map([...made!].map(([key, verdict]) => [key, verdict?.length ? [] : [{ instancePath: '/id', message: 'is what the kept verdict says' }]]));
    const second = lintSpec(spec({ example: '{ id: seven }' }), 'openapi.yaml', examples, undefined, { known: lying, made: () => {} });
    expect(first.map((f) => f.pointer)).toEqual(['/paths/~1zones~1{id}/get/responses/200/content/application~1json/example/id']);
    expect(second.map((f) => f.text)).toEqual(['The example of the parameter "id" does not match its schema: at /id it is what the kept verdict says.']);
  });
});
