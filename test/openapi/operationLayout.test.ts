// What an operation page puts where (issue 17): the sidecar's panels (code samples, the request
// body's named examples, the responses' examples by status), parameters' named examples under
// the parameter and in the samples, long code blocks bounded with a "Show all N lines" switch,
// and webhook pages. One small spec written for these cases; the layout itself is tested in a
// browser (test/browser/layout.test.ts).
import type { CheerioAPI } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

/** `n` lines of a YAML block scalar at the indentation of the examples below. */
const skus = (n: number) => Array.from({ length: n }, (_, i) => `                sku-${i + 1}`).join('\n');

const spec = `
openapi: 3.1.0
info: { title: Bakery Orders, version: '1.0' }
servers: [{ url: 'https://api.bakery.example' }]
paths:
  /orders:
    post:
      operationId: createOrder
      summary: Place an order
      parameters:
        - name: expand
          in: query
          description: Related objects to include.
          schema: { type: string }
          examples:
            items:
              $ref: '#/components/examples/ExpandItems'
            customer:
              summary: The customer too
              value: items,customer
        - name: dry_run
          in: query
          schema: { type: boolean }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { loaves: { type: integer } } }
            examples:
              small:
                summary: Two loaves
                value: { loaves: 2 }
              wholesale:
                summary: A café's weekly order
                value: { loaves: 140 }
      responses:
        '201':
          description: Placed.
          content:
            application/json:
              example: { id: ord_1, loaves: 2 }
        '204':
          description: Nothing to bake.
        '422':
          description: Too many loaves.
          content:
            application/json:
              examples:
                oven:
                  summary: Oven full
                  value: { error: oven_full }
                flour:
                  summary: Out of flour
                  value: { error: no_flour }
      callbacks:
        ready:
          '{$request.body#/callbackUrl}':
            post:
              requestBody:
                content:
                  application/json:
                    example: { id: ord_1, ready: true }
              responses:
                '200': { description: Thanks. }
  /skus:
    get:
      operationId: listSkus
      summary: List every SKU
      responses:
        '200':
          description: Every SKU, one per line.
          content:
            text/plain:
              example: |
${skus(40)}
        '206':
          description: A few SKUs.
          content:
            text/plain:
              example: |
${skus(33)}
webhooks:
  oven.hot:
    post:
      summary: Oven is hot
      requestBody:
        content:
          application/json:
            example: { oven: 3, celsius: 250 }
      responses:
        '200': { description: Received. }
  oven.cold:
    post:
      summary: Oven is cold
      responses:
        '200': { description: Received. }
components:
  examples:
    ExpandItems:
      summary: Only the items
      description: The **lines** of the order, without the customer.
      value: items
`;

let site: Fixture;
let order: CheerioAPI;

beforeAll(async () => {
  site = await buildFiles({
    'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
    'openapi.yaml': spec,
  });
  order = site.$('api/create-order/index.html');
});

const texts = ($: CheerioAPI, selector: string) => $(selector).map((_, el) => $(el).text().replace(/\s+/g, ' ').trim()).get();

describe("a parameter's named examples", () => {
  it('are listed under the parameter: summary, value and description, a $ref resolved', () => {
    expect(texts(order, '#query-expand .schema-named-examples > li > .schema-named-example-label')).toEqual(['Only the items', 'The customer too']);
    expect(texts(order, '#query-expand .schema-named-examples > li > code')).toEqual(['items', 'items,customer']);
    expect(order('#query-expand .schema-named-example-description strong').text()).toBe('lines');
    expect(order('#query-dry_run .schema-named-examples')).toHaveLength(0);
  });

  it('give the code samples their first value, for an optional parameter too', () => {
    const curl = order('.operation-sidecar [data-tab-group="code-samples"] .tab-panel[data-tab="curl"] code').text();
    expect(curl).toContain('https://api.bakery.example/orders?expand=items');
    expect(curl).not.toContain('customer');
    expect(curl).not.toContain('dry_run');
  });
});

describe('the sidecar', () => {
  it('holds the samples, then the request body examples, then the response examples by status, between the request and the responses', () => {
    const aside = order('article.api-operation.has-sidecar > aside.operation-sidecar');
    expect(aside).toHaveLength(1);
    expect(aside.prev().find('#request')).toHaveLength(1);
    expect(aside.next().find('#responses')).toHaveLength(1);
    expect(aside.children('section').map((_, s) => order(s).attr('class')).get()).toEqual(['operation-samples sidecar-panel', 'sidecar-panel sidecar-only sidecar-request-example', 'sidecar-panel sidecar-only sidecar-response-example']);
    expect(aside.find('#code-samples').text()).toBe('Code samples');
  });

  it('offers a pick of the named request body examples', () => {
    expect(texts(order, '.sidecar-request-example .tab-label')).toEqual(['Two loaves', "A café's weekly order"]);
    expect(order('.sidecar-request-example .tab-panel').eq(1).find('code').text()).toContain('"loaves": 140');
  });

  it('offers a pick of the statuses that have an example, and of the named examples inside one', () => {
    const statuses = order('.sidecar-response-example > .tabs > .tab > .tab-label');
    expect(statuses.map((_, l) => order(l).text()).get()).toEqual(['201', '422']);
    const unprocessable = order('.sidecar-response-example > .tabs > .tab-panels > .tab-panel[data-tab="response-422"]');
    expect(texts(order, '.sidecar-response-example .tab-panel[data-tab="response-422"] .tab-label')).toEqual(['Oven full', 'Out of flour']);
    expect(unprocessable.find('code').last().text()).toContain('"error": "no_flour"');
    // One example: its code alone, no picker.
    const created = order('.sidecar-response-example .tab-panel[data-tab="response-201"]');
    expect(created.find('.tabs')).toHaveLength(0);
    expect(created.find('code').text()).toContain('"id": "ord_1"');
  });

  it('marks the inline copies of its examples, but not a callback\'s examples, which it does not repeat', () => {
    expect(order('#request-body .media-examples').hasClass('operation-inline-example')).toBe(true);
    expect(order('#response-422 .media-examples').hasClass('operation-inline-example')).toBe(true);
    const callback = order('.callback-operation .media-examples');
    expect(callback).toHaveLength(1);
    expect(callback.hasClass('operation-inline-example')).toBe(false);
    expect(order('.operation-sidecar').text()).not.toContain('"ready"');
  });

  it('keeps every id and radio group of the page unique', () => {
    const ids = order('[id]').map((_, el) => order(el).attr('id')).get();
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
    const groups = new Map<string, Set<unknown>>();
    order('input[type="radio"]').each((_, el) => {
      const name = order(el).attr('name')!;
      groups.set(name, (groups.get(name) ?? new Set()).add(order(el).closest('.tabs').get(0)));
    });
    expect(groups.size).toBeGreaterThan(5);
    // A radio name belongs to one strip of tabs only.
    for (const [name, strips] of groups) expect(strips.size, name).toBe(1);
  });

  it('on a webhook page holds the payload example and no code samples', () => {
    const $ = site.$('api/webhooks/oven-hot/index.html');
    expect($('.operation-sidecar #code-samples')).toHaveLength(0);
    expect($('.operation-sidecar .sidecar-request-example code').text()).toContain('"celsius": 250');
  });

  it('is left out when it would be empty: a webhook without examples is one column', () => {
    const $ = site.$('api/webhooks/oven-cold/index.html');
    expect($('.operation-sidecar')).toHaveLength(0);
    expect($('article.api-operation').hasClass('has-sidecar')).toBe(false);
    expect($('#responses')).toHaveLength(1);
  });
});

describe('bounded code', () => {
  it('gives a block of more than 35 lines a "Show all N lines" switch, and a block of 33 none', () => {
    const $ = site.$('api/list-skus/index.html');
    const long = $('#response-200 .code-block');
    expect(long.hasClass('code-block-bounded')).toBe(true);
    expect(long.find('> details.code-expand > summary .code-expand-more').text()).toBe('Show all 40 lines');
    expect(long.find('> details.code-expand').attr('open')).toBeUndefined();
    const short = $('#response-206 .code-block');
    expect(short.hasClass('code-block-bounded')).toBe(false);
    expect(short.find('details')).toHaveLength(0);
  });
});
