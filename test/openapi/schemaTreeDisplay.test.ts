// #17 (part C) How a schema tree reads: the type with its constraints (`integer<int32> · ≥ 1 ·
// ≤ 200`), enum values as chips with "Show N more" past 8, enum values with descriptions as rows,
// one-line examples with spaces after commas, and the controls (Expand all, Collapse all, levels)
// of trees that have nested fields, loaded lazily as an island.
import type { CheerioAPI } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

const spec = `
openapi: 3.1.0
info: { title: Things API, version: '1.0' }
servers: [{ url: https://api.things.example }]
paths:
  /v1/things:
    post:
      operationId: createThing
      summary: Create a thing
      parameters:
        - name: limit
          in: query
          schema: { type: integer, format: int32, minimum: 1, maximum: 200, default: 10 }
        - name: ratio
          in: query
          schema: { type: number, exclusiveMinimum: 0, multipleOf: 0.5 }
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                code: { type: string, minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' }
                name: { type: string, minLength: 1 }
                title: { type: string, maxLength: 64 }
                tags:
                  type: array
                  items: { type: string }
                  minItems: 1
                  maxItems: 5
                  uniqueItems: true
                  example: [red, green, blue]
                color: { type: string, enum: [red, orange, yellow, green, blue, indigo, violet, black, white, grey, pink, brown] }
                size: { type: string, enum: [xxs, xs, s, m, l, xl, xxl, xxxl, huge] }
                level:
                  type: string
                  enum: [low, high]
                  x-enumDescriptions: { low: Barely noticed., high: Hard to miss. }
                nested:
                  type: object
                  properties:
                    inner:
                      type: object
                      properties:
                        leaf: { type: string }
      responses:
        '200':
          description: Created.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  message: { type: string }
`;

/** Text as a reader sees it: no-break spaces as spaces, runs of space as one. */
const read = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();

let f: Fixture;
let $: CheerioAPI;
beforeAll(async () => {
  f = await buildFiles({ 'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' } }), 'openapi.yaml': spec });
  $ = f.$('api/create-thing/index.html');
});

/** The field named `name` (its <li>). */
const field = (name: string) => $('.schema-field').filter((_, li) => $(li).find('> .schema-field-head .schema-name').text() === name).first();
const signature = (name: string) => read(field(name).find('> .schema-field-head .schema-signature').text());
const fact = (name: string, label: string) => field(name).find('> .schema-facts dt').filter((_, dt) => $(dt).text() === label).next('dd');

describe('#17 schema trees: constraints after the type', () => {
  it('writes bounds with ≥ ≤ > < after the type, separated by middle dots', () => {
    expect(signature('limit')).toBe('limit integer<int32> · ≥ 1 · ≤ 200');
    expect(signature('ratio')).toBe('ratio number · > 0 · multiple of 0.5');
  });

  it('words lengths, item counts and uniqueness', () => {
    expect(signature('code')).toBe('code string · 2 characters');
    expect(signature('name')).toBe('name string · non-empty');
    expect(signature('title')).toBe('title string · ≤ 64 characters');
    expect(signature('tags')).toBe('tags string[] · 1–5 items · unique items');
  });

  it('keeps each constraint on one line (no-break spaces inside, breaks only between them)', () => {
    const pieces = field('limit').find('.schema-constraint').map((_, c) => $(c).text()).get();
    expect(pieces).toEqual(['· ≥\u00a01', '· ≤\u00a0200']);
  });

  it('has no "Constraints" row any more; the pattern is its own fact, default and example stay', () => {
    expect($('.schema-facts dt').map((_, dt) => $(dt).text()).get()).not.toContain('Constraints');
    expect(fact('code', 'Pattern').find('code').text()).toBe('^[A-Z]{2}$');
    expect(fact('limit', 'Default').text()).toBe('10');
  });

  it('prints a one-line array example with a space after each comma', () => {
    expect(fact('tags', 'Example').text()).toBe('["red", "green", "blue"]');
  });
});

describe('#17 schema trees: enum values', () => {
  it('shows the first 8 of 12 values as chips and the other 4 behind "Show 4 more", closed, without JavaScript', () => {
    const values = fact('color', 'Possible values');
    expect(values.find('> ul.schema-chips > li').map((_, li) => $(li).text()).get()).toEqual(['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'violet', 'black']);
    const more = values.find('> details.schema-more');
    expect(more.attr('open')).toBeUndefined();
    expect(more.find('> summary .schema-more-closed').text()).toBe('Show 4 more');
    expect(more.find('ul.schema-chips > li').map((_, li) => $(li).text()).get()).toEqual(['white', 'grey', 'pink', 'brown']);
  });

  it('shows 9 values whole: "Show 1 more" would save nothing', () => {
    const values = fact('size', 'Possible values');
    expect(values.find('.schema-chips > li')).toHaveLength(9);
    expect(values.find('details')).toHaveLength(0);
  });

  it('lists values that have descriptions as rows, each value beside its description', () => {
    const rows = fact('level', 'Possible values').find('ul.schema-enum > li');
    expect(rows.map((_, li) => [[$(li).find('.schema-chip').text(), read($(li).find('.schema-enum-description').text())]]).get()).toEqual([
      ['low', 'Barely noticed.'],
      ['high', 'Hard to miss.'],
    ]);
  });
});

describe('#17 schema trees: controls and the type line', () => {
  it('gives a tree with nested fields its controls as a lazy island: levels 1–3, Expand all, Collapse all', () => {
    const body = $('#request-body .schema').first();
    const island = body.find('> .schema-head > [data-island="SchemaControls"]');
    expect(island.attr('data-when')).toBe('interaction');
    expect(JSON.parse(island.attr('data-props')!)).toEqual({ levels: 3 });
    expect(island.find('button').map((_, b) => $(b).text()).get()).toEqual(['Expand all', 'Collapse all', '1', '2', '3']);
    expect(island.find('button[aria-pressed="true"]').text()).toBe('3');
    expect(island.find('button.schema-level').first().attr('aria-label')).toBe('Show fields to level 1');
  });

  it('gives a flat tree no controls, and shows no bare "object" above the fields', () => {
    const response = $('.response .schema').first();
    expect(response.find('[data-island="SchemaControls"]')).toHaveLength(0);
    expect(response.find('> .schema-head')).toHaveLength(0);
    expect($('#request-body .schema-root-type')).toHaveLength(0);
  });

  it('loads the controls’ code only when a page has them (listed in the page’s island manifest)', () => {
    const manifest = JSON.parse($('#docsgen-islands').text()) as { islands: Record<string, string> };
    expect(manifest.islands.SchemaControls).toMatch(/island-SchemaControls-\w+\.js$/);
    expect($('script[src*="SchemaControls"], link[href*="SchemaControls"]')).toHaveLength(0);
  });
});
