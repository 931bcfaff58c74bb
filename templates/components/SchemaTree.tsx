// Fields of a schema, parameter list or header list. Nested objects and arrays are <details>
// (collapsible without JavaScript, open at first) with "Expand all", "Collapse all" and level
// buttons above the tree (a lazy island); every field has an id and a "#" link so it can be
// deep-linked; its type reads with its constraints (`integer · ≥ 1 · ≤ 200`); enum values are
// chips; oneOf/anyOf alternatives are tabs.
//
// Fields are written as strings, byte for byte what React writes for the same elements: they are
// most of an operation page's elements (a third of Microsoft Graph's, two fifths of the 7,000-page
// site's), and React spends about 2 µs on each. A field that shows another component a project
// may override (a change badge, named examples, alternatives as tabs) is rendered by React, and
// so is each field above it; the fields below it are strings again.
import { Fragment } from 'react';
import { attributeAsReact as attribute, ReactMarkup } from '../../src/shared/html';
import { formatBytes, formatCount } from '../../src/shared/size';
import type { SchemaConstraint, SchemaNode, ValueCut } from '../../src/shared/viewModels';
import { Island } from './Island';
import SchemaControls, { SCHEMA_CONTROLS_ENGLISH } from '../islands/SchemaControls';
import { Tabs } from './Tabs';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { LeftOut } from './LeftOut';
import { fill, useMessages } from './Messages';
import { NamedExamples } from './NamedExamples';
import { ChangeBadge } from './ChangeBadge';

/** `more`: fields after `nodes` that a page too large left out (render/tightenPage.ts); `leftOutId`: the anchor of the line counting them. */
export function FieldList({ nodes, label, more, leftOutId }: { nodes: SchemaNode[]; label?: string; more?: number; leftOutId?: string }) {
  const t = useMessages();
  if (nodes.length === 0) return null;
  const plain = nodes.map(isPlain);
  const list = plain.every(Boolean) ? (
    <ul className="schema-fields" aria-label={label} dangerouslySetInnerHTML={{ __html: markup((m) => nodes.forEach((node) => writeField(m, node, t))) }} />
  ) : (
    <ul className="schema-fields" aria-label={label}>
      {nodes.map((node, i) => (plain[i] ? <li key={node.id} className={fieldClass(node)} id={node.id} dangerouslySetInnerHTML={{ __html: markup((m) => writeFieldContent(m, node, t)) }} /> : <Field key={node.id} node={node} />))}
    </ul>
  );
  if (!more) return list;
  return (
    <>
      {list}
      <LeftOut count={more} id={leftOutId} />
    </>
  );
}

/**
 * The body of a schema: its fields, or a note for a schema without fields (a string, a binary
 * file). An `anchored` body is an alternative inside a tree (a oneOf tab): the tree's controls
 * are the outer body's.
 */
export function SchemaBody({ node, anchored }: { node: SchemaNode; anchored?: boolean }) {
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
          {typeLine ? <p className="schema-root-type" dangerouslySetInnerHTML={{ __html: markup((m) => writeTypeLine(m, node, t, true)) }} /> : null}
          {levels > 1 ? <Island name="SchemaControls" component={SchemaControls} props={{ levels, ...controlLabels(t) }} when="interaction" /> : null}
        </div>
      ) : null}
      {node.descriptionHtml ? <div className="markdown schema-description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Facts node={node} />
      {nested ? <Nested node={node} /> : null}
    </div>
  );
}

/** A field whose subtree shows no other component: written as a string. */
function isPlain(node: SchemaNode): boolean {
  return !node.change && !node.namedExamples?.length && !node.variants && node.children.every(isPlain) && (node.additional === undefined || isPlain(node.additional));
}

function markup(write: (m: ReactMarkup) => unknown): string {
  const m = new ReactMarkup();
  write(m);
  return m.html;
}

function fieldClass(node: SchemaNode): string {
  return `schema-field${node.deprecated ? ' schema-field-deprecated' : ''}`;
}

/** A field that shows another component, and the fields above one: rendered by React. */
function Field({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <li className={fieldClass(node)} id={node.id}>
      <div className="schema-field-head">
        <a className="hash-link" href={`#${node.id}`} aria-label={formatMessage(t.apiDirectLinkTo, { name: node.name ?? node.type })}>
          #
        </a>
        <span className="schema-signature" dangerouslySetInnerHTML={{ __html: markup((m) => writeSignature(m, node, t)) }} />
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
            <span className="schema-circular" dangerouslySetInnerHTML={{ __html: markup((m) => writeCircularText(m, node, t)) }} />
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

/** A field as React renders Field, for a field whose subtree isPlain. */
function writeField(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  m.open('li', attribute('class', fieldClass(node)) + attribute('id', node.id));
  writeFieldContent(m, node, t);
  m.close('li');
}

function writeFieldContent(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  m.open('div', ' class="schema-field-head"');
  m.open('a', ` class="hash-link"${attribute('href', `#${node.id}`)}${attribute('aria-label', formatMessage(t.apiDirectLinkTo, { name: node.name ?? node.type }))}`).text('#').close('a');
  m.open('span', ' class="schema-signature"');
  writeSignature(m, node, t);
  m.close('span');
  for (const [text, className] of badges(node, t)) m.text(' ').open('span', attribute('class', className)).text(text).close('span');
  if (node.circular) writeCircular(m.text(' '), node, t);
  m.close('div');
  if (node.descriptionHtml) m.element('div', ' class="markdown schema-description"', node.descriptionHtml);
  const rows = factRows(node, t);
  if (rows.length > 0) {
    m.open('dl', ' class="schema-facts"');
    writeFactRows(m, rows);
    m.close('dl');
  }
  if (hasNested(node)) {
    m.open('details', ' class="schema-nested" open=""').open('summary').text(nestedSummary(node, t)).close('summary');
    const fields = node.additional ? [...node.children, node.additional] : node.children;
    if (fields.length > 0) {
      m.open('ul', ' class="schema-fields"');
      for (const field of fields) writeField(m, field, t);
      m.close('ul');
    }
    if (node.truncated) {
      m.open('p', ' class="schema-truncated"');
      writeTruncated(m, node, t);
      m.close('p');
    }
    m.close('details');
  }
}

/** One line of text (name, type, constraints) that wraps between words: a type pushed to the next line by a long name keeps the badges after it there. */
function writeSignature(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  m.open('code', ' class="schema-name"').text(node.name).close('code').text(' ');
  writeTypeLine(m, node, t);
}

function Nested({ node }: { node: SchemaNode }) {
  const t = useMessages();
  return (
    <>
      <FieldList nodes={node.additional ? [...node.children, node.additional] : node.children} more={node.moreFields} />
      {node.variants ? <Variants node={node} /> : null}
      {node.truncated ? <p className="schema-truncated" dangerouslySetInnerHTML={{ __html: markup((m) => writeTruncated(m, node, t)) }} /> : null}
    </>
  );
}

function writeTruncated(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  const { href, typeName } = node.truncated!;
  if (href) m.fill(t.apiFieldsOnOwnPage, { type: (m) => m.open('a', attribute('href', href)).text(typeName ?? t.apiThisSchema).close('a') });
  else m.text(formatMessage(t.apiFieldsNotExpanded, { type: typeName ?? t.apiThisSchema }));
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
        items={v.options.map((o, i) => ({ key: String(i + 1), label: o.title, content: <SchemaBody node={o.node} anchored /> }))}
      />
      {v.moreOptions ? <p className="schema-variants-more">{formatMessage(t.apiMoreAlternatives, { count: v.moreOptions.toLocaleString('en-US') })}</p> : null}
    </div>
  );
}

/** A fact's term, and what writes its value, or React nodes for named examples (a component a project may override). */
type FactRow = [term: string, value: ((m: ReactMarkup) => void) | React.ReactNode];

function factRows(node: SchemaNode, t: Messages): FactRow[] {
  const rows: FactRow[] = [];
  if (node.enumValues?.length) rows.push([t.apiPossibleValues, (m: ReactMarkup) => writeEnumValues(m, node, t)]);
  const cuts = node.valueCuts ?? {};
  if (node.constValue !== undefined) rows.push([t.apiConstant, (m: ReactMarkup) => writeValue(m, node.constValue!, cuts.constValue, t)]);
  if (node.pattern !== undefined) rows.push([t.apiPattern, (m: ReactMarkup) => m.open('code', ' class="schema-pattern"').text(node.pattern).close('code')]);
  if (node.defaultValue !== undefined) rows.push([t.apiDefault, (m: ReactMarkup) => writeValue(m, node.defaultValue!, cuts.defaultValue, t)]);
  if (node.example !== undefined) rows.push([t.apiExample, (m: ReactMarkup) => writeValue(m, node.example!, cuts.example, t)]);
  if (node.namedExamples?.length) rows.push([t.apiExamples, <NamedExamples examples={node.namedExamples} />]);
  return rows;
}

const written = (value: FactRow[1]): value is (m: ReactMarkup) => void => typeof value === 'function';

/** The rows of a field's facts (<dl>), when every value is written as markup. */
function writeFactRows(m: ReactMarkup, rows: FactRow[]): void {
  for (const [term, value] of rows) {
    m.open('div').open('dt').text(term).close('dt').open('dd');
    (value as (m: ReactMarkup) => void)(m);
    m.close('dd').close('div');
  }
}

function Facts({ node }: { node: SchemaNode }) {
  const rows = factRows(node, useMessages());
  if (rows.length === 0) return null;
  if (rows.every(([, value]) => written(value))) return <dl className="schema-facts" dangerouslySetInnerHTML={{ __html: markup((m) => writeFactRows(m, rows)) }} />;
  return (
    <dl className="schema-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          {written(value) ? <dd dangerouslySetInnerHTML={{ __html: markup(value) }} /> : <dd>{value}</dd>}
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
 * Enum values shown before "Show N more" (the rest are in a <details>, so no JavaScript is
 * needed); a list of up to ENUM_CHIPS + 2 is shown whole: "Show 1 more" would save nothing.
 */
export const ENUM_CHIPS = 8;

/**
 * Enum values: chips that wrap like words; values with a description or a name in generated code
 * (`x-enumDescriptions`, `x-enum-varnames`) are rows instead, the value beside its words. Past
 * ENUM_CHIPS the rest open with "Show N more"; past the page's cap (50) a count and the file.
 */
function writeEnumValues(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  const values = node.enumValues!;
  const rows = values.some((e) => e.descriptionHtml || e.varName);
  const list = (shown: typeof values) => {
    m.open('ul', rows ? ' class="schema-enum"' : ' class="schema-chips"');
    for (const e of shown) {
      m.open('li').open('code', ' class="schema-chip"').text(e.value).close('code');
      if (rows && e.varName) m.text(' ').open('code', ' class="schema-enum-name"').text(e.varName).close('code');
      if (rows && e.descriptionHtml) m.element('div', ' class="markdown schema-enum-description"', e.descriptionHtml);
      m.close('li');
    }
    m.close('ul');
  };
  const more = node.moreEnumValues;
  const hidden = values.length > ENUM_CHIPS + 2 ? values.length - ENUM_CHIPS : 0;
  list(hidden > 0 ? values.slice(0, ENUM_CHIPS) : values);
  if (hidden > 0) {
    m.open('details', ' class="schema-more"').open('summary');
    m.open('span', ' class="schema-more-closed"').text(formatMessage(t.apiShowMoreValues, { count: formatCount(hidden) })).close('span');
    m.open('span', ' class="schema-more-open"').text(t.apiShowFewerValues).close('span');
    m.close('summary');
    list(values.slice(ENUM_CHIPS));
    m.close('details');
  }
  if (more) {
    m.open('p', ' class="value-cut schema-more-values"').fill(t.apiMoreValues, { count: formatCount(more.count) });
    if (more.href) m.text(' ').text('(').open('a', `${attribute('href', more.href)} download=""`).fill(t.apiAllValues, { count: formatCount(values.length + more.count) }).close('a').text(')');
    m.close('p');
  }
}

/** The type and its constraints, `integer<int32> · ≥ 1 · ≤ 200`: each constraint stays on one line. A body's own type line ends in `circular → Type` (`withCircular`). */
function writeTypeLine(m: ReactMarkup, node: SchemaNode, t: Messages, withCircular = false): void {
  m.open('span', ' class="schema-type"').text(node.type).close('span');
  // The space before each piece is outside it: where the line may break.
  for (const c of node.constraints) m.text(' ').open('span', ' class="schema-constraint"').text(`· ${constraintText(c, t)}`).close('span');
  if (withCircular && node.circular) writeCircular(m, node, t);
}

/** `≥ 1`, `< 5`, `multiple of 0.5`, `1–64 characters`, `non-empty`, `unique items`; no-break spaces keep each whole. */
export function constraintText(c: SchemaConstraint, t: Messages): string {
  const nb = (text: string) => text.replace(/ /g, '\u00a0');
  switch (c.kind) {
    case 'minimum':
      return nb(`≥ ${c.value}`);
    case 'maximum':
      return nb(`≤ ${c.value}`);
    case 'exclusiveMinimum':
      return nb(`> ${c.value}`);
    case 'exclusiveMaximum':
      return nb(`< ${c.value}`);
    case 'multipleOf':
      return nb(formatMessage(t.apiMultipleOf, { value: c.value }));
    case 'uniqueItems':
      return nb(t.apiUniqueItems);
    default: {
      if (c.kind !== 'properties' && c.min === '1' && c.max === undefined) return nb(t.apiNonEmpty);
      const range = c.min !== undefined && c.max !== undefined ? (c.min === c.max ? c.min : `${c.min}–${c.max}`) : c.min !== undefined ? `≥ ${c.min}` : `≤ ${c.max}`;
      return nb(formatMessage(c.kind === 'length' ? t.apiCountCharacters : c.kind === 'items' ? t.apiCountItems : t.apiCountProperties, { range }));
    }
  }
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
function writeValue(m: ReactMarkup, text: string, cut: ValueCut | undefined, t: Messages): void {
  m.open('code').text(text).close('code');
  if (!cut) return;
  const { href } = cut;
  const link = href ? (m: ReactMarkup) => m.fill(t.apiValueShortenedLink, { link: (m) => m.open('a', `${attribute('href', href)} download=""`).text(t.apiFullValue).close('a') }) : null;
  m.text(' ').open('span', ' class="value-cut"').fill(t.apiValueShortened, { size: formatBytes(cut.totalBytes), link }).close('span');
}

function writeCircular(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  m.open('span', ' class="schema-circular"');
  writeCircularText(m, node, t);
  m.close('span');
}

function writeCircularText(m: ReactMarkup, node: SchemaNode, t: Messages): void {
  m.fill(t.apiCircular, { type: (m) => m.open('a', attribute('href', node.circular!.href)).text(node.circular!.typeName).close('a') });
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
