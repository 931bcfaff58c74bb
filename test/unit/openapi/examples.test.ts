// Examples as their media type shows them: JSON strings parsed, XML written from the schema's
// `xml` hints, and a discriminated base schema sampled as one of its subtypes.
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { exampleAs, schemaExample } from '../../../src/openapi/examples';
import { createResolver } from '../../../src/openapi/resolve';
import { xmlExample } from '../../../src/openapi/xmlExample';

const spec = (yaml: string) => loadYaml(yaml) as Record<string, any>;

const document = spec(`
openapi: 3.1.0
info: { title: T, version: '1' }
paths: {}
components:
  schemas:
    Order:
      type: object
      xml: { name: order, prefix: shop, namespace: 'https://shop.example/ns?a=1&b="2"' }
      properties:
        id: { type: integer, xml: { attribute: true } }
        note: { type: string }
        lines:
          type: array
          xml: { wrapped: true, name: items }
          items: { type: string, xml: { name: item } }
        tags:
          type: array
          items: { type: string }
    Shape:
      type: object
      required: [kind]
      properties:
        kind: { type: string }
        name: { type: string, example: unit }
      discriminator:
        propertyName: kind
        mapping:
          circle: '#/components/schemas/Circle'
          square: Square
    Circle:
      allOf:
        - $ref: '#/components/schemas/Shape'
        - type: object
          properties:
            radius: { type: number, example: 2.5 }
    Square:
      allOf:
        - $ref: '#/components/schemas/Shape'
        - type: object
          properties:
            side: { type: number }
    Animal:
      type: object
      properties:
        species: { type: string }
      discriminator: { propertyName: species }
    Bird:
      allOf:
        - $ref: '#/components/schemas/Animal'
        - properties:
            wings: { type: integer, example: 2 }
`);
const resolver = createResolver(document);

describe('openapi/examples: exampleAs', () => {
  it('shows a JSON example written as a string holding JSON as that JSON', () => {
    expect(exampleAs('application/json', '{"id":1,"tags":["a"]}', undefined, resolver)).toEqual({ value: { id: 1, tags: ['a'] }, language: 'json' });
    expect(exampleAs('application/problem+json; charset=utf-8', '[1,2]', undefined, resolver)).toEqual({ value: [1, 2], language: 'json' });
  });

  it('shows a string of a JSON media type that is not JSON as it is, not quoted', () => {
    expect(exampleAs('application/json', 'OK: {', undefined, resolver)).toEqual({ value: 'OK: {', language: '' });
  });

  it('writes an XML example from the value, and keeps an XML string as it is', () => {
    const xml = exampleAs('application/xml', { id: 3, note: 'a' }, { $ref: '#/components/schemas/Order' }, resolver);
    expect(xml.language).toBe('xml');
    expect(xml.value).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<shop:order xmlns:shop="https://shop.example/ns?a=1&amp;b=&quot;2&quot;" id="3">\n  <note>a</note>\n</shop:order>');
    expect(exampleAs('text/xml', '<a>1</a>', undefined, resolver)).toEqual({ value: '<a>1</a>', language: 'xml' });
  });
});

describe('openapi/xmlExample', () => {
  it('follows xml hints: attributes, wrapped and unwrapped arrays, item names, escaping', () => {
    const value = { id: 7, note: 'Fish & <chips> "now"', lines: ['a<b', 'c'], tags: ['x', 'y'] };
    expect(xmlExample(value, { $ref: '#/components/schemas/Order' }, resolver)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<shop:order xmlns:shop="https://shop.example/ns?a=1&amp;b=&quot;2&quot;" id="7">',
        '  <note>Fish &amp; &lt;chips&gt; "now"</note>',
        '  <items>',
        '    <item>a&lt;b</item>',
        '    <item>c</item>',
        '  </items>',
        '  <tags>x</tags>',
        '  <tags>y</tags>',
        '</shop:order>',
      ].join('\n'),
    );
  });

  it('names the root after the component, else "root", and makes names from spec keys valid XML names', () => {
    expect(xmlExample({ 'a b': 1, '1st': true }, { type: 'object' }, resolver)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<root>\n  <a_b>1</a_b>\n  <_1st>true</_1st>\n</root>');
    expect(xmlExample({}, { $ref: '#/components/schemas/Shape' }, resolver)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Shape/>');
  });

  it('escapes an attribute value holding quotes and markup', () => {
    expect(xmlExample({ id: '"><x a=\'1\'>&' }, { $ref: '#/components/schemas/Order' }, resolver)).toContain(' id="&quot;&gt;&lt;x a=\'1\'&gt;&amp;"/>');
  });
});

describe('openapi/examples: discriminator on a base schema', () => {
  it('samples the first subtype of the mapping, with the discriminator value that selects it', () => {
    expect(schemaExample({ $ref: '#/components/schemas/Shape' }, 'response', document)).toEqual({ kind: 'circle', name: 'unit', radius: 2.5 });
  });

  it('finds subtypes through allOf when the discriminator has no mapping, keyed by schema name', () => {
    expect(schemaExample({ $ref: '#/components/schemas/Animal' }, 'response', document)).toEqual({ species: 'Bird', wings: 2 });
  });
});
