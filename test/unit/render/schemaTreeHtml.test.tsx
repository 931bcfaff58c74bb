// Schema fields are written as strings (templates/components/SchemaTree.tsx), not by React,
// except where a field shows a component a project may override: a reader, the page runtime and
// the schema controls' island must find exactly the markup React wrote for the same fields,
// whatever a name, value or URL holds. The oracle is the JSX the trees were rendered from before,
// rendered by React.
import * as cheerio from 'cheerio';
import { Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultMessages, formatMessage, type Messages } from '../../../src/shared/messages';
import { formatBytes, formatCount } from '../../../src/shared/size';
import type { SchemaNode, ValueCut } from '../../../src/shared/viewModels';
import { ChangeBadge } from '../../../templates/components/ChangeBadge';
import { Island } from '../../../templates/components/Island';
import { fill, MessagesContext, useMessages } from '../../../templates/components/Messages';
import { NamedExamples } from '../../../templates/components/NamedExamples';
import { constraintText, ENUM_CHIPS, FieldList, SchemaBody } from '../../../templates/components/SchemaTree';
import { Tabs } from '../../../templates/components/Tabs';
import SchemaControls, { SCHEMA_CONTROLS_ENGLISH } from '../../../templates/islands/SchemaControls';

// ---- The oracle: templates/components/SchemaTree.tsx as it was before its fields became strings (655988b).

function OracleFieldList({ nodes, label }: { nodes: SchemaNode[]; label?: string }) {
  if (nodes.length === 0) return null;
  return (
    <ul className="schema-fields" aria-label={label}>
      {nodes.map((node) => (
        <Field key={node.id} node={node} />
      ))}
    </ul>
  );
}

/**
 * The body of a schema: its fields, or a note for a schema without fields (a string, a binary
 * file). An `anchored` body is an alternative inside a tree (a oneOf tab): the tree's controls
 * are the outer body's.
 */
function OracleSchemaBody({ node, anchored }: { node: SchemaNode; anchored?: boolean }) {
  const t = useMessages();
  const nested = hasNested(node);
  const levels = anchored ? 1 : levelsOf(node);
  // The type line shows only when it tells something: `string<binary>`, `Boundary[]`, constraints.
  // Above an object's fields a bare "object", or the name the page title or the tab already
  // gives (`Boundary`), would stand alone on its line saying nothing.
  const typeLine = !hasNested(node) || node.type.endsWith('[]') || node.constraints.length > 0 || !!node.circular;
  return (
    <div className="schema" id={anchored ? node.id : undefined}>
      {typeLine || levels > 1 ? (
        <div className="schema-head">
          {typeLine ? (
            <p className="schema-root-type">
              <TypeLine node={node} />
              {node.circular ? <Circular node={node} /> : null}
            </p>
          ) : null}
          {levels > 1 ? <Island name="SchemaControls" component={SchemaControls} props={{ levels, ...controlLabels(t) }} when="interaction" /> : null}
        </div>
      ) : null}
      {node.descriptionHtml ? <div className="markdown schema-description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Facts node={node} />
      {nested ? <Nested node={node} /> : null}
    </div>
  );
}

function Field({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <li className={`schema-field${node.deprecated ? ' schema-field-deprecated' : ''}`} id={node.id}>
      <div className="schema-field-head">
        <a className="hash-link" href={`#${node.id}`} aria-label={formatMessage(t.apiDirectLinkTo, { name: node.name ?? node.type })}>
          #
        </a>
        {/* One line of text (name, type, constraints, badges) that wraps between words: a type
            pushed to the next line by a long name keeps the badges after it there. */}
        <span className="schema-signature">
          <code className="schema-name">{node.name}</code> <TypeLine node={node} />
        </span>
        {badges(node, t).map(([text, className]) => (
          <Fragment key={text}>
            {' '}
            <span className={className}>{text}</span>
          </Fragment>
        ))}
        {node.change ? (
          <>
            {' '}
            <ChangeBadge badge={node.change} />
          </>
        ) : null}
        {node.circular ? (
          <>
            {' '}
            <Circular node={node} />
          </>
        ) : null}
      </div>
      {node.descriptionHtml ? <div className="markdown schema-description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Facts node={node} />
      {hasNested(node) ? (
        <details className="schema-nested" open>
          <summary>{nestedSummary(node, t)}</summary>
          <Nested node={node} />
        </details>
      ) : null}
    </li>
  );
}

function Nested({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <>
      <OracleFieldList nodes={node.additional ? [...node.children, node.additional] : node.children} />
      {node.variants ? <Variants node={node} /> : null}
      {node.truncated ? (
        <p className="schema-truncated">
          {node.truncated.href ? (
            <>{fill(t.apiFieldsOnOwnPage, { type: <a href={node.truncated.href}>{node.truncated.typeName ?? t.apiThisSchema}</a> })}</>
          ) : (
            formatMessage(t.apiFieldsNotExpanded, { type: node.truncated.typeName ?? t.apiThisSchema })
          )}
        </p>
      ) : null}
    </>
  );
}

/** Values of a discriminator mapping listed before "and N more". */
const MAX_MAPPINGS = 100;

function Variants({ node }: { node: SchemaNode }) {
  const t = useMessages();
  const v = node.variants!;
  return (
    <div className="schema-variants">
      <p className="schema-variants-title">{v.kind === 'oneOf' ? t.apiOneOf : t.apiAnyOf}:</p>
      {v.discriminator ? (
        <p className="schema-discriminator">
          {fill(t.apiDiscriminatedBy, { property: <code>{v.discriminator.propertyName}</code> })}
          {v.discriminator.mapping.length > 0 ? (
            <>
              {': '}
              {v.discriminator.mapping.slice(0, MAX_MAPPINGS).map((m, i) => (
                <span key={m.value}>
                  {i > 0 ? ', ' : ''}
                  <code>{m.value}</code> → {m.target}
                </span>
              ))}
              {v.discriminator.mapping.length > MAX_MAPPINGS ? <>, {formatMessage(t.apiMoreMappings, { count: (v.discriminator.mapping.length - MAX_MAPPINGS).toLocaleString('en-US') })}</> : null}
            </>
          ) : null}
        </p>
      ) : null}
      <Tabs
        id={`${node.id}-variants`}
        label={formatMessage(t.apiAlternativesOf, { kind: v.kind === 'oneOf' ? t.apiOneOf : t.apiAnyOf, name: node.name ?? node.type })}
        items={v.options.map((o, i) => ({ key: String(i + 1), label: o.title, content: <OracleSchemaBody node={o.node} anchored /> }))}
      />
      {v.moreOptions ? <p className="schema-variants-more">{formatMessage(t.apiMoreAlternatives, { count: v.moreOptions.toLocaleString('en-US') })}</p> : null}
    </div>
  );
}

function Facts({ node }: { node: SchemaNode }) {
  const t = useMessages();
  const rows: [string, React.ReactNode][] = [];
  if (node.enumValues?.length) rows.push([t.apiPossibleValues, <EnumValues node={node} />]);
  const cuts = node.valueCuts ?? {};
  if (node.constValue !== undefined) rows.push([t.apiConstant, <Value text={node.constValue} cut={cuts.constValue} />]);
  if (node.pattern !== undefined) rows.push([t.apiPattern, <code className="schema-pattern">{node.pattern}</code>]);
  if (node.defaultValue !== undefined) rows.push([t.apiDefault, <Value text={node.defaultValue} cut={cuts.defaultValue} />]);
  if (node.example !== undefined) rows.push([t.apiExample, <Value text={node.example} cut={cuts.example} />]);
  if (node.namedExamples?.length) rows.push([t.apiExamples, <NamedExamples examples={node.namedExamples} />]);
  if (rows.length === 0) return null;
  return (
    <dl className="schema-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A field's badges, in this order: [text, class]. */
function badges(node: SchemaNode, t: Messages): [string, string][] {
  const out: [string, string][] = [];
  if (node.required) out.push([t.apiRequired, 'badge badge-required']);
  if (node.nullable) out.push([t.apiNullable, 'badge']);
  if (node.readOnly) out.push([t.apiReadOnly, 'badge']);
  if (node.writeOnly) out.push([t.apiWriteOnly, 'badge']);
  if (node.deprecated) out.push([t.apiDeprecatedBadge, 'badge badge-deprecated']);
  return out;
}

/**
 * Enum values: chips that wrap like words; values with a description or a name in generated code
 * (`x-enumDescriptions`, `x-enum-varnames`) are rows instead, the value beside its words. Past
 * ENUM_CHIPS the rest open with "Show N more"; past the page's cap (50) a count and the file.
 */
function EnumValues({ node }: { node: SchemaNode }) {
  const t = useMessages();
  const values = node.enumValues!;
  const rows = values.some((e) => e.descriptionHtml || e.varName);
  const list = (shown: typeof values) => (
    <ul className={rows ? 'schema-enum' : 'schema-chips'}>
      {shown.map((e) => (
        <li key={e.value}>
          <code className="schema-chip">{e.value}</code>
          {rows && e.varName ? (
            <>
              {' '}
              <code className="schema-enum-name">{e.varName}</code>
            </>
          ) : null}
          {rows && e.descriptionHtml ? <div className="markdown schema-enum-description" dangerouslySetInnerHTML={{ __html: e.descriptionHtml }} /> : null}
        </li>
      ))}
    </ul>
  );
  const more = node.moreEnumValues;
  const hidden = values.length > ENUM_CHIPS + 2 ? values.length - ENUM_CHIPS : 0;
  return (
    <>
      {list(hidden > 0 ? values.slice(0, ENUM_CHIPS) : values)}
      {hidden > 0 ? (
        <details className="schema-more">
          <summary>
            <span className="schema-more-closed">{formatMessage(t.apiShowMoreValues, { count: formatCount(hidden) })}</span>
            <span className="schema-more-open">{t.apiShowFewerValues}</span>
          </summary>
          {list(values.slice(ENUM_CHIPS))}
        </details>
      ) : null}
      {more ? (
        <p className="value-cut schema-more-values">
          {fill(t.apiMoreValues, { count: formatCount(more.count) })}
          {more.href ? (
            <>
              {' '}
              (
              <a href={more.href} download>
                {fill(t.apiAllValues, { count: formatCount(values.length + more.count) })}
              </a>
              )
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

/** The type and its constraints, `integer<int32> · ≥ 1 · ≤ 200`: each constraint stays on one line. */
function TypeLine({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <>
      <span className="schema-type">{node.type}</span>
      {node.constraints.map((c, i) => (
        // The space before each piece is outside it: where the line may break.
        <Fragment key={i}>
          {' '}
          <span className="schema-constraint">{`· ${constraintText(c, t)}`}</span>
        </Fragment>
      ))}
    </>
  );
}

/** Levels of fields a tree shows: 1 when no field has fields of its own, 2 when some do, … */
function levelsOf(node: SchemaNode): number {
  return 1 + nestedDepth(node);
}

/** How deep the <details> of a node's fields nest; alternatives (tabs) add no level of their own. */
function nestedDepth(node: SchemaNode): number {
  let depth = 0;
  for (const child of node.additional ? [...node.children, node.additional] : node.children) if (hasNested(child)) depth = Math.max(depth, 1 + nestedDepth(child));
  for (const option of node.variants?.options ?? []) depth = Math.max(depth, nestedDepth(option.node));
  return depth;
}

/** The controls' words, passed only when the page's locale changes them (English pages carry none). */
function controlLabels(t: Messages): { labels?: Partial<typeof SCHEMA_CONTROLS_ENGLISH> } {
  const keys = Object.keys(SCHEMA_CONTROLS_ENGLISH) as (keyof typeof SCHEMA_CONTROLS_ENGLISH)[];
  return keys.some((k) => t[k] !== SCHEMA_CONTROLS_ENGLISH[k]) ? { labels: Object.fromEntries(keys.map((k) => [k, t[k]])) as typeof SCHEMA_CONTROLS_ENGLISH } : {};
}

/** A default, example or constant; a shortened one ends in its size and a link to the whole. */
function Value({ text, cut }: { text: string; cut?: ValueCut }) {
  const t = useMessages();
  if (!cut) return <code>{text}</code>;
  return (
    <>
      <code>{text}</code>{' '}
      <span className="value-cut">
        {fill(t.apiValueShortened, { size: formatBytes(cut.totalBytes), link: cut.href ? <>{fill(t.apiValueShortenedLink, { link: <a href={cut.href} download>{t.apiFullValue}</a> })}</> : null })}
      </span>
    </>
  );
}

function Circular({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <span className="schema-circular">
      {fill(t.apiCircular, { type: <a href={node.circular!.href}>{node.circular!.typeName}</a> })}
    </span>
  );
}

function hasNested(node: SchemaNode): boolean {
  return node.children.length > 0 || !!node.additional || !!node.variants || !!node.truncated;
}

function nestedSummary(node: SchemaNode, t: Messages): string {
  const count = node.children.length + (node.additional ? 1 : 0);
  if (node.truncated && count === 0 && !node.variants) return formatMessage(t.apiFieldsOfType, { type: node.truncated.typeName ?? t.apiThisSchema });
  if (node.variants && count === 0) return formatMessage(t.apiAlternatives, { count: String(node.variants.options.length + (node.variants.moreOptions ?? 0)) });
  const fields = formatMessage(count === 1 ? t.apiFieldsOne : t.apiFieldsOther, { count: String(count) });
  return node.type.endsWith('[]') ? formatMessage(t.apiFieldsOfEachItem, { fields }) : fields;
}

// ---- Random trees (seeded) with every kind of field, and hostile text wherever the spec writes it.

const HOSTILE = ['plain', '', 'a & b', '<script>alert(1)</script>', `"quoted" and 'single'`, 'x > y < z', '&amp; already', 'Ünïcødé → 日本', '  spaced  ', 'a\nb\tc', '{count}', '<!-- -->'];

function randomNodes(seed: number): SchemaNode[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const chance = (p: number) => next() < p;
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const text = () => pick(HOSTILE);
  const cut = (): ValueCut => ({ totalBytes: Math.floor(next() * 5e7), href: chance(0.6) ? `/api/values/${text()}.json` : undefined });
  let ids = 0;
  const node = (depth: number): SchemaNode => {
    const id = `f-${seed}-${ids++}-${text()}`;
    const n: SchemaNode = {
      id,
      name: chance(0.9) ? text() : undefined,
      type: pick(['string', 'integer<int32>', 'Boundary[]', 'object', text()]),
      required: chance(0.4),
      deprecated: chance(0.2),
      nullable: chance(0.2),
      readOnly: chance(0.1),
      writeOnly: chance(0.1),
      descriptionHtml: chance(0.5) ? `<p>The ${text().replace(/</g, '&lt;')} field.</p>` : '',
      constraints: Array.from({ length: Math.floor(next() * 3) }, () =>
        pick([{ kind: 'minimum', value: '1' } as const, { kind: 'maximum', value: '1e6' } as const, { kind: 'multipleOf', value: '0.5' } as const, { kind: 'uniqueItems' } as const, { kind: 'length', min: '1' } as const, { kind: 'items', min: '2', max: '2' } as const, { kind: 'properties', max: '9' } as const]),
      ),
      children: [],
    };
    if (chance(0.15)) n.pattern = text();
    if (chance(0.3)) {
      const described = chance(0.4);
      n.enumValues = Array.from({ length: Math.floor(next() * 24) + 1 }, (_, i) => ({ value: `${text()}${i}`, descriptionHtml: described && chance(0.7) ? `<p>${i}</p>` : '', varName: described && chance(0.5) ? text() : undefined }));
      if (chance(0.3)) n.moreEnumValues = { count: Math.floor(next() * 3000) + 1, href: chance(0.5) ? `/api/enum/${text()}.json` : undefined };
    }
    const cuts: NonNullable<SchemaNode['valueCuts']> = {};
    if (chance(0.3)) n.defaultValue = text();
    if (chance(0.3)) n.example = text();
    if (chance(0.1)) n.constValue = text();
    for (const key of ['defaultValue', 'example', 'constValue'] as const) if (n[key] !== undefined && chance(0.3)) cuts[key] = cut();
    if (Object.keys(cuts).length > 0) n.valueCuts = cuts;
    if (chance(0.05)) n.namedExamples = [{ label: text(), value: text(), descriptionHtml: chance(0.5) ? '<p>Example</p>' : '', cut: chance(0.5) ? cut() : undefined }];
    if (chance(0.05)) n.change = { kind: pick(['new', 'changed', 'breaking', 'deprecated'] as const), version: text(), href: `/api/changelog#${text()}`, title: text() };
    if (chance(0.1)) n.circular = { typeName: text(), href: `/api/schemas/${text()}` };
    if (depth < 3 && chance(0.5)) n.children = Array.from({ length: Math.floor(next() * 4) + 1 }, () => node(depth + 1));
    if (depth < 3 && chance(0.1)) n.additional = node(depth + 1);
    if (chance(0.1)) n.truncated = { typeName: chance(0.7) ? text() : undefined, href: chance(0.6) ? `/api/schemas/${text()}` : undefined };
    if (depth < 3 && chance(0.06)) {
      const mapping = Array.from({ length: chance(0.2) ? 102 : Math.floor(next() * 3) }, (_, i) => ({ value: `${text()}${i}`, target: text() }));
      n.variants = { kind: pick(['oneOf', 'anyOf'] as const), discriminator: chance(0.5) ? { propertyName: text(), mapping } : undefined, options: Array.from({ length: Math.floor(next() * 3) + 1 }, () => ({ title: text(), node: node(depth + 1) })), moreOptions: chance(0.3) ? 1544 : undefined };
    }
    return n;
  };
  return Array.from({ length: Math.floor(next() * 5) + 1 }, () => node(0));
}

/** Messages whose placeholders stand where English has none: first, last, side by side. */
const REORDERED: Messages = {
  ...defaultMessages,
  apiValueShortened: '{size}{link}',
  apiValueShortenedLink: '{link} (whole)',
  apiMoreValues: '{count}',
  apiAllValues: '{count}{count}',
  apiCircular: '{type}',
  apiFieldsOnOwnPage: '{type} has its own page: {type}',
  apiDirectLinkTo: '{name} «direct»',
  apiShowMoreValues: '+{count}',
  apiExpandAll: 'Alles aufklappen',
};

function render(messages: Messages, element: React.ReactElement): string {
  return renderToString(<MessagesContext.Provider value={messages}>{element}</MessagesContext.Provider>);
}

describe('templates/components/SchemaTree', () => {
  it('writes the bytes React writes, for 400 random trees of every kind of field with hostile text, in two wordings', () => {
    let plain = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const nodes = randomNodes(seed);
      const messages = seed % 2 === 0 ? defaultMessages : REORDERED;
      const label = seed % 3 === 0 ? undefined : `Parameters ${HOSTILE[seed % HOSTILE.length]}`;
      expect(render(messages, <FieldList nodes={nodes} label={label} />)).toBe(render(messages, <OracleFieldList nodes={nodes} label={label} />));
      const root: SchemaNode = { ...nodes[0], children: nodes.slice(1) };
      for (const anchored of [false, true]) expect(render(messages, <SchemaBody node={root} anchored={anchored} />)).toBe(render(messages, <OracleSchemaBody node={root} anchored={anchored} />));
      if (!nodes.some((n) => JSON.stringify(n).match(/"(change|namedExamples|variants)"/))) plain++;
    }
    // Both ways of writing a field are compared: lists written wholly as strings, and lists with React's fields among them.
    expect(plain).toBeGreaterThan(40);
    expect(plain).toBeLessThan(360);
  });

  it('shows a reader the names and values as the spec wrote them, and never lets them become markup', () => {
    const field: SchemaNode = {
      id: 'request-body-name',
      name: '<img src=x onerror=alert(1)>',
      type: 'string',
      required: true,
      deprecated: false,
      nullable: false,
      readOnly: false,
      writeOnly: false,
      descriptionHtml: '',
      constraints: [{ kind: 'length', min: '1', max: '64' }],
      enumValues: Array.from({ length: 12 }, (_, i) => ({ value: `zone-${i}"><b>`, descriptionHtml: '' })),
      moreEnumValues: { count: 1200, href: '/api/values/zones.json' },
      defaultValue: 'R1 & R2',
      valueCuts: { defaultValue: { totalBytes: 2_500_000, href: '/api/values/default.json' } },
      children: [],
    };
    const $ = cheerio.load(render(defaultMessages, <FieldList nodes={[field]} label="Request body" />));
    expect($('img, b')).toHaveLength(0);
    expect($('#request-body-name .schema-name').text()).toBe('<img src=x onerror=alert(1)>');
    expect($('#request-body-name .schema-signature').text()).toBe('<img src=x onerror=alert(1)> string · 1–64\u00a0characters');
    expect($('#request-body-name .badge-required').text()).toBe('required');
    expect($('.schema-chips').first().find('li')).toHaveLength(ENUM_CHIPS);
    expect($('.schema-more summary .schema-more-closed').text()).toBe('Show 4 more');
    expect($('.schema-chip').last().text()).toBe('zone-11"><b>');
    expect($('.schema-more-values').text()).toBe(`and ${formatCount(1200)} more (all ${formatCount(1212)} values)`);
    expect($('dt:contains("Default") + dd code').text()).toBe('R1 & R2');
    expect($('dt:contains("Default") + dd .value-cut').text()).toBe(`(shortened: ${formatBytes(2_500_000)} in all; full value)`);
    expect($('dt:contains("Default") + dd a[download]').attr('href')).toBe('/api/values/default.json');
  });
});
