// A schema tree (the SchemaNode the API pages render) as a nested Markdown list: one item per
// field with its type (a `$ref`'s name kept, e.g. `Boundary`), required/nullable/read-only,
// constraints, enum, default and example, then its fields, its alternatives (oneOf/anyOf with
// the discriminator) and its additional properties, at every level the page shows. Where the
// page stops (a circular reference, or the depth budget), the item says which named schema
// continues: in the copy's own "Schemas" section (openapi/schemaAppendix.ts), else at the link to
// that schema's Markdown page.
import type { AppendedSchema, SchemaConstraint, SchemaNode } from '../shared/viewModels';
import { htmlToMarkdown, inlineCode } from './htmlToMarkdown';

export interface MarkdownLinks {
  /** A site path or `#anchor` of the page → an absolute URL (of the `.md` copy where there is one). */
  resolve: (href: string) => string;
  /** Named schemas listed in full at the end of the copy (its "Schemas" section): a tree that stops at one points there. */
  appended?: ReadonlySet<string>;
  /** The named schema the page itself is about (a schema page's): a tree that stops at it points up. */
  own?: string;
}

/** Fields of an object (a parameter group, a body's top-level fields): one list. */
export function fieldsMarkdown(nodes: SchemaNode[], links: MarkdownLinks, depth = 0): string {
  return nodes.map((node) => fieldMarkdown(node, links, depth)).join('\n');
}

/** A whole schema: its one-line summary, then its fields, alternatives and additional properties. */
export function schemaMarkdown(node: SchemaNode, links: MarkdownLinks): string {
  const head = [`Type: ${inlineCode(node.type)}${flags(node)}`, ...facts(node, links)].join('\n');
  const description = htmlToMarkdown(node.descriptionHtml, links.resolve);
  const nested = nestedLines(node, links, 0);
  return [description, head, nested].filter(Boolean).join('\n\n');
}

function fieldMarkdown(node: SchemaNode, links: MarkdownLinks, depth: number): string {
  const pad = '  '.repeat(depth);
  const name = node.name !== undefined ? `${inlineCode(node.name)} ` : '';
  const description = oneBlock(htmlToMarkdown(node.descriptionHtml, links.resolve));
  const lines = [`${pad}- ${name}(${inlineCode(node.type)}${flags(node)})${description ? `: ${indent(description, pad + '  ')}` : ''}`];
  for (const fact of facts(node, links)) lines.push(`${pad}  ${fact}`);
  const nested = nestedLines(node, links, depth + 1);
  if (nested) lines.push(nested);
  return lines.join('\n');
}

function nestedLines(node: SchemaNode, links: MarkdownLinks, depth: number): string {
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  if (node.children.length > 0) lines.push(fieldsMarkdown(node.children, links, depth));
  if (node.additional) lines.push(fieldMarkdown({ ...node.additional, name: node.additional.name ?? '<any key>' }, links, depth).replace(/^(\s*)- /, '$1- Additional properties: '));
  if (node.variants) {
    const v = node.variants;
    const by = v.discriminator ? ` (discriminator ${inlineCode(v.discriminator.propertyName)}${v.discriminator.mapping.length > 0 ? `: ${v.discriminator.mapping.map((m) => `${inlineCode(m.value)} → ${m.target}`).join(', ')}` : ''})` : '';
    lines.push(`${pad}- ${v.kind === 'oneOf' ? 'One of' : 'Any of'}${by}:`);
    for (const option of v.options) {
      lines.push(`${pad}  - Option ${inlineCode(option.title)} (${inlineCode(option.node.type)}${flags(option.node)})${descriptionSuffix(option.node, links)}`);
      for (const fact of facts(option.node, links)) lines.push(`${pad}    ${fact}`);
      const inner = nestedLines(option.node, links, depth + 2);
      if (inner) lines.push(inner);
    }
    if (v.moreOptions) lines.push(`${pad}  - … and ${v.moreOptions} more options`);
  }
  if (node.circular) lines.push(`${pad}- Circular reference to ${inlineCode(node.circular.typeName)} (its fields are listed above${node.circular.href ? `: ${links.resolve(node.circular.href)}` : ''})`);
  if (node.truncated) lines.push(`${pad}- ${continuation(node.truncated, links)}`);
  return lines.join('\n');
}

function continuation(stop: NonNullable<SchemaNode['truncated']>, links: MarkdownLinks): string {
  const name = stop.typeName;
  if (name && name === links.own) return `Fields of ${inlineCode(name)}: this page's schema, above`;
  if (name && links.appended?.has(name)) return `Fields of ${inlineCode(name)}: see ${inlineCode(name)} under "Schemas" below`;
  return `Fields of ${name ? inlineCode(name) : 'this schema'} continue at ${stop.href ? links.resolve(stop.href) : 'its schema page'}`;
}

/** The copy's "Schemas" section: each appended schema under its name, one heading level below `level`. */
export function appendixMarkdown(appendix: readonly AppendedSchema[] | undefined, links: MarkdownLinks, level: string): string[] {
  if (!appendix?.length) return [];
  return [`${level} Schemas`, ...appendix.flatMap((s) => [`${level}# ${inlineCode(s.name)}`, s.markdown ?? schemaMarkdown(s.node, links)])];
}

function descriptionSuffix(node: SchemaNode, links: MarkdownLinks): string {
  const description = oneBlock(htmlToMarkdown(node.descriptionHtml, links.resolve));
  return description ? `: ${description}` : '';
}

/** `, required, nullable, read-only, deprecated`: what the page's badges say. */
function flags(node: SchemaNode): string {
  const out: string[] = [];
  if (node.required) out.push('required');
  if (node.nullable) out.push('nullable');
  if (node.readOnly) out.push('read-only');
  if (node.writeOnly) out.push('write-only');
  if (node.deprecated) out.push('deprecated');
  return out.length > 0 ? `, ${out.join(', ')}` : '';
}

/** The lines under a field: constraints, pattern, enum, default, constant, example. */
function facts(node: SchemaNode, links: MarkdownLinks): string[] {
  const out: string[] = [];
  if (node.constraints.length > 0) out.push(`Constraints: ${node.constraints.map(constraintText).join(', ')}`);
  if (node.pattern !== undefined) out.push(`Pattern: ${inlineCode(node.pattern)}`);
  if (node.enumValues?.length) {
    const values = node.enumValues.map((v) => {
      const description = oneBlock(htmlToMarkdown(v.descriptionHtml, links.resolve));
      return `${inlineCode(v.value)}${description ? ` (${description})` : ''}`;
    });
    const more = node.moreEnumValues ? `, … ${node.moreEnumValues.count} more${node.moreEnumValues.href ? ` (all: ${links.resolve(node.moreEnumValues.href)})` : ''}` : '';
    out.push(`Possible values: ${values.join(', ')}${more}`);
  }
  if (node.defaultValue !== undefined) out.push(`Default: ${inlineCode(node.defaultValue)}`);
  if (node.constValue !== undefined) out.push(`Constant: ${inlineCode(node.constValue)}`);
  if (node.example !== undefined) out.push(`Example: ${inlineCode(node.example)}`);
  for (const example of node.namedExamples ?? []) out.push(`Example ${example.label}: ${inlineCode(example.value)}`);
  return out;
}

/** As the page words it (templates/components/SchemaTree.tsx constraintText), in English. */
export function constraintText(c: SchemaConstraint): string {
  switch (c.kind) {
    case 'minimum':
      return `≥ ${c.value}`;
    case 'maximum':
      return `≤ ${c.value}`;
    case 'exclusiveMinimum':
      return `> ${c.value}`;
    case 'exclusiveMaximum':
      return `< ${c.value}`;
    case 'multipleOf':
      return `multiple of ${c.value}`;
    case 'uniqueItems':
      return 'unique items';
    default: {
      if (c.kind !== 'properties' && c.min === '1' && c.max === undefined) return 'non-empty';
      const range = c.min !== undefined && c.max !== undefined ? (c.min === c.max ? c.min : `${c.min}–${c.max}`) : c.min !== undefined ? `≥ ${c.min}` : `≤ ${c.max}`;
      return `${range} ${c.kind === 'length' ? 'characters' : c.kind}`;
    }
  }
}

/** A description inside a list item: its paragraphs joined (a blank line would end the item). */
function oneBlock(markdown: string): string {
  return markdown.replace(/\n{2,}/g, '\n');
}

function indent(text: string, pad: string): string {
  return text.replace(/\n/g, `\n${pad}`);
}
