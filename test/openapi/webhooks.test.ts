// Webhooks (3.1 `webhooks`, 3.0 `x-webhooks`) get pages like operations', and callbacks show each
// of their operations' request and responses: small specs written for each case.
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchDocumentType } from '../../src/shared/search/types';
import { buildFiles, configSource, type Fixture } from '../helpers/fixture';

const apiSite = (spec: string) => ({
  'docsgen.config.ts': configSource({ openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/openapi.yaml' }, navbar: { items: [{ label: 'API', to: '/api' }] } }),
  'openapi.yaml': spec,
});
const text = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Search documents of one hit type, each with its page's URL (`u`, from the page's Title document) and its anchor (`h`, headings only). */
const searchDocs = (f: Fixture, type: SearchDocumentType): { t: string; u: string; h?: string }[] => {
  const index = JSON.parse(f.read('search-index.json'));
  const urls = new Map<number, string>(index[SearchDocumentType.Title].documents.map((d: { i: number; u: string }) => [d.i, d.u]));
  return index[type].documents.map((d: { t: string; p?: number; i: number; u?: string; h?: string }) => ({ t: d.t, u: d.u ?? urls.get(d.p ?? d.i)!, h: d.h }));
};

// A spec with webhooks only: no paths at all.
const webhookOnly = `
openapi: 3.1.0
info: { title: Parcel Events, version: '2.0' }
tags:
  - name: Parcels
  - name: Billing
webhooks:
  parcel.created:
    post:
      summary: Parcel created
      description: Sent when a parcel is registered.
      tags: [Parcels]
      parameters:
        - { name: X-Signature, in: header, required: true, description: HMAC of the body., schema: { type: string } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ParcelEvent' }
            example: { parcelId: prc_123, weightGrams: 1200 }
      responses:
        '200': { description: Acknowledge the event. }
        '410': { description: Stop sending this event. }
  invoice.paid:
    post:
      tags: [Billing]
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { invoiceId: { type: string } } }
      responses:
        '204': { description: Received. }
  secret.audit:
    post:
      x-internal: true
      responses:
        '200': { description: OK }
components:
  schemas:
    ParcelEvent:
      type: object
      properties:
        parcelId: { type: string, description: The parcel's id. }
        weightGrams: { type: integer }
`;

describe('webhooks', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(apiSite(webhookOnly));
  });

  it('gives each webhook a page: Webhook badge, event and delivery method instead of a URL, its payload and the responses expected, no code samples', () => {
    const $ = f.$('api/webhooks/parcel-created/index.html');
    expect($('h1').text()).toBe('Parcel created');
    const endpoint = $('.operation-endpoint');
    expect(endpoint.find('.method-webhook').text()).toBe('Webhook');
    expect(endpoint.find('.operation-url').text()).toBe('parcel.created');
    expect(text(endpoint.find('.webhook-delivery').text())).toBe('sent to your server as a POST request');
    expect($('.operation-server')).toHaveLength(0);
    expect($('#header-parameters').text()).toBe('Header parameters');
    expect($('.schema-name').map((_, n) => $(n).text().trim()).get()).toEqual(expect.arrayContaining(['X-Signature', 'parcelId', 'weightGrams']));
    expect($('#request-body pre').text()).toContain('prc_123');
    expect($('#response-200').text()).toContain('Acknowledge the event.');
    expect($('#response-410').text()).toContain('Stop sending this event.');
    expect($('#code-samples')).toHaveLength(0);
    expect($('[data-tab-group="code-samples"]')).toHaveLength(0);
    expect($('.toc a').map((_, a) => $(a).text()).get()).not.toContain('Code samples');
  });

  it('names a webhook without a summary after its event, and leaves out an x-internal one', () => {
    expect(f.$('api/webhooks/invoice-paid/index.html')('h1').text()).toBe('invoice.paid');
    expect(f.exists('api/webhooks/secret-audit/index.html')).toBe(false);
    expect(f.read('api/index.html')).not.toContain('secret.audit');
  });

  it('lists webhooks in a sidebar group (by tag when they have several) after the tags, and on an index page', () => {
    const $ = f.$('api/webhooks/parcel-created/index.html');
    const group = $('.sidebar details').filter((_, d) => $(d).children('summary').text() === 'Webhooks');
    expect(group).toHaveLength(1);
    expect(group.find('> ul details > summary').map((_, s) => $(s).text()).get()).toEqual(['Parcels', 'Billing']);
    expect(group.find('a').map((_, a) => $(a).attr('href')).get()).toEqual(['/api/webhooks/parcel-created', '/api/webhooks/invoice-paid']);
    expect(group.find('a[aria-current="page"] .method-badge').text()).toBe('POST');
    const index = f.$('api/webhooks/index.html');
    expect(index('h1').text()).toBe('Webhooks');
    const rows = index('.operation-list li').map((_, li) => [[index(li).find('.method-badge').text(), index(li).find('code').text(), index(li).find('a').text()]]).get();
    expect(rows).toEqual([
      ['POST', 'parcel.created', 'Parcel created'],
      ['POST', 'invoice.paid', 'invoice.paid'],
    ]);
  });

  it('makes a webhook-only spec a useful reference: the landing and the overview list the webhooks', () => {
    const landing = f.$('api/index.html');
    expect(landing('.api-tag-section h2 a').map((_, a) => landing(a).text()).get()).toEqual(['Webhooks']);
    expect(landing('.operation-list a').map((_, a) => landing(a).attr('href')).get()).toEqual(['/api/webhooks/parcel-created', '/api/webhooks/invoice-paid']);
    const overview = f.$('api/parcel-events/index.html');
    expect(overview('h2').map((_, h) => overview(h).text()).get()).not.toContain('Endpoints');
    expect(overview('#webhooks').text()).toBe('Webhooks');
    expect(overview('.toc a[href="#webhooks"]')).toHaveLength(1);
    expect(overview('.operation-list a').map((_, a) => overview(a).text()).get()).toEqual(['Parcel created', 'invoice.paid']);
  });

  it('indexes webhooks for search with "Webhook", the event and the method as keywords, and their fields', () => {
    const keywords = searchDocs(f, SearchDocumentType.Keywords).filter((d) => d.u.startsWith('/api/webhooks/'));
    expect(keywords.map((d) => [d.u, d.t])).toEqual([
      ['/api/webhooks/parcel-created', 'Webhook parcel.created POST'],
      ['/api/webhooks/invoice-paid', 'Webhook invoice.paid POST'],
    ]);
    expect(searchDocs(f, SearchDocumentType.Heading).map((d) => `${d.u}#${d.h}`)).toContain('/api/webhooks/parcel-created#request-body-parcelid');
    expect(JSON.stringify(searchDocs(f, SearchDocumentType.Title))).not.toContain('secret');
  });

  it('links a schema used by a webhook back to it', () => {
    const $ = f.$('api/schemas/parcel-event/index.html');
    expect($('.schema-used-by > li > a').map((_, a) => $(a).attr('href')).get()).toEqual(['/api/webhooks/parcel-created']);
  });
});

describe('x-webhooks (OpenAPI 3.0)', () => {
  it('builds pages for x-webhooks next to the paths, also when written like callbacks (event → URL expression → path item), and reserves /api/webhooks', async () => {
    const f = await buildFiles(
      apiSite(`
openapi: 3.0.3
info: { title: Messages, version: '1' }
paths:
  /hooks:
    get:
      operationId: webhooks
      summary: List webhook subscriptions
      responses: { '200': { description: OK } }
x-webhooks:
  inbound-sms:
    '{$request.body#/callback}':
      post:
        summary: Inbound SMS
        requestBody:
          content:
            application/json:
              schema: { type: object, properties: { msisdn: { type: string } } }
        responses: { '200': { description: Accepted } }
  delivery-receipt:
    post:
      summary: Delivery receipt
      responses: { '204': { description: Accepted } }
`),
    );
    const $ = f.$('api/webhooks/inbound-sms/index.html');
    expect($('.operation-url').text()).toBe('inbound-sms');
    expect($('.webhook-delivery code').text()).toBe('{$request.body#/callback}');
    expect($('.schema-name').text()).toContain('msisdn');
    expect(f.exists('api/webhooks/delivery-receipt/index.html')).toBe(true);
    // The operation named "webhooks" does not take the webhooks' index.
    expect(f.$('api/webhooks/index.html')('h1').text()).toBe('Webhooks');
    expect(f.$('api/webhooks-2/index.html')('h1').text()).toBe('List webhook subscriptions');
    // Previous/next run through the operations, then the webhooks, in sidebar order.
    expect(f.$('api/webhooks-2/index.html')('.pagination-next').attr('href')).toBe('/api/webhooks/inbound-sms');
  });
});

describe('callbacks', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(
      apiSite(`
openapi: 3.0.3
info: { title: Orders, version: '1' }
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { callbackUrl: { type: string, format: uri } } }
      responses: { '201': { description: Created } }
      callbacks:
        orderShipped:
          '{$request.body#/callbackUrl}':
            post:
              summary: Order shipped
              description: Sent once the parcel has left.
              parameters:
                - { name: X-Delivery-Id, in: header, required: true, schema: { type: string } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        orderId: { type: string, description: The order shipped. }
                        carrier: { type: string, enum: [ups, dhl] }
                    example: { orderId: ord_42, carrier: dhl }
              responses:
                '200': { description: Acknowledged. }
                '503':
                  description: Try again later.
                  content:
                    application/json:
                      schema: { type: object, properties: { retryAfter: { type: integer } } }
            delete:
              summary: Order shipment withdrawn
              responses: { '204': { description: Done. } }
`),
    );
  });

  it('shows each callback operation with its parameters, request body, example and responses, anchored under callback-<name>-<method>-', () => {
    const $ = f.$('api/create-order/index.html');
    const cb = $('#callback-ordershipped');
    expect(cb.find('h3').first().text()).toBe('orderShipped');
    const post = $('#callback-ordershipped-post');
    expect(text(post.find('.operation-endpoint').text())).toBe('POST{$request.body#/callbackUrl}');
    expect(post.find('.callback-summary').text()).toBe('Order shipped');
    expect(post.text()).toContain('Sent once the parcel has left.');
    expect($('#callback-ordershipped-post-header-parameters').text()).toBe('Header parameters');
    expect($('#callback-ordershipped-post-header-x-delivery-id').length).toBe(1);
    expect($('#callback-ordershipped-post-request-body-orderid').text()).toContain('orderId');
    expect($('#callback-ordershipped-post-request-body pre').text()).toContain('ord_42');
    expect($('#callback-ordershipped-post-response-200').text()).toContain('Acknowledged.');
    expect($('#callback-ordershipped-post-response-503-retryafter').length).toBe(1);
    expect($('#callback-ordershipped-delete').find('.callback-summary').text()).toBe('Order shipment withdrawn');
    // The operation's own anchors are unchanged.
    expect($('#request-body-callbackurl').length).toBe(1);
    expect($('#response-201').length).toBe(1);
  });

  it('lists callbacks and their operations in the table of contents, and every anchor on the page is unique', () => {
    const $ = f.$('api/create-order/index.html');
    const entry = $('.toc a[href="#callbacks"]').parent();
    expect(entry.find('> ul > li > a').map((_, a) => $(a).attr('href')).get()).toEqual(['#callback-ordershipped']);
    expect(entry.find('ul ul a').map((_, a) => [[$(a).attr('href'), $(a).text()]]).get()).toEqual([
      ['#callback-ordershipped-post', 'POST Order shipped'],
      ['#callback-ordershipped-delete', 'DELETE Order shipment withdrawn'],
    ]);
    const ids = $('[id]').map((_, e) => $(e).attr('id')).get();
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('indexes the callback operations’ fields for search, in the callback’s context', () => {
    const headings = searchDocs(f, SearchDocumentType.Heading).map((d) => `${d.u}#${d.h}`);
    expect(headings).toEqual(expect.arrayContaining(['/api/create-order#callback-ordershipped', '/api/create-order#callback-ordershipped-post-request-body-orderid']));
  });
});
