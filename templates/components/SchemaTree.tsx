// Fields of a schema, parameter list or header list. Nested objects and arrays are <details>
// (collapsible without JavaScript, open at first) with "Expand all", "Collapse all" and level
// buttons above the tree (a lazy island); every field has an id and a "#" link so it can be
// deep-linked; its type reads with its constraints (`integer · ≥ 1 · ≤ 200`); enum values are
// chips; oneOf/anyOf alternatives are tabs.
import { Fragment } from 'react';
import { formatBytes, formatCount } from '../../src/shared/size';
import type { SchemaConstraint, SchemaNode, ValueCut } from '../../src/shared/viewModels';
import { Island } from './Island';
import SchemaControls, { SCHEMA_CONTROLS_ENGLISH } from '../islands/SchemaControls';
import { Tabs } from './Tabs';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { fill, useMessages } from './Messages';
import { NamedExamples } from './NamedExamples';
import { ChangeBadge } from './ChangeBadge';

export function FieldList({ nodes, label }: { nodes: SchemaNode[]; label?: string }) {
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
      <FieldList nodes={node.additional ? [...node.children, node.additional] : node.children} />
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
        items={v.options.map((o, i) => ({ key: String(i + 1), label: o.title, content: <SchemaBody node={o.node} anchored /> }))}
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
 * Enum values shown before "Show N more" (the rest are in a <details>, so no JavaScript is
 * needed); a list of up to ENUM_CHIPS + 2 is shown whole: "Show 1 more" would save nothing.
 */
export const ENUM_CHIPS = 8;

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
