// Fields of a schema, parameter list or header list. Nested objects and arrays are <details>
// (collapsible without JavaScript, open at first); every field has an id and a "#" link so it
// can be deep-linked; oneOf/anyOf alternatives are tabs.
import { formatBytes, formatCount } from '../../src/shared/size';
import type { SchemaNode, ValueCut } from '../../src/shared/viewModels';
import { Tabs } from './Tabs';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { fill, useMessages } from './Messages';
import { NamedExamples } from './NamedExamples';

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

/** The body of a schema: its fields, or a note for a schema without fields (a string, a binary file). */
export function SchemaBody({ node, anchored }: { node: SchemaNode; anchored?: boolean }) {
  const nested = hasNested(node);
  return (
    <div className="schema" id={anchored ? node.id : undefined}>
      <p className="schema-root-type">
        <span className="schema-type">{node.type}</span>
        {node.circular ? <Circular node={node} /> : null}
      </p>
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
        <code className="schema-name">{node.name}</code>
        <span className="schema-type">{node.type}</span>
        {node.required ? <span className="badge badge-required">{t.apiRequired}</span> : null}
        {node.nullable ? <span className="badge">{t.apiNullable}</span> : null}
        {node.readOnly ? <span className="badge">{t.apiReadOnly}</span> : null}
        {node.writeOnly ? <span className="badge">{t.apiWriteOnly}</span> : null}
        {node.deprecated ? <span className="badge badge-deprecated">{t.apiDeprecatedBadge}</span> : null}
        {node.circular ? <Circular node={node} /> : null}
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
  if (node.enumValues?.length) {
    const more = node.moreEnumValues;
    rows.push([
      t.apiPossibleValues,
      <>
        {node.enumValues.some((e) => e.descriptionHtml || e.varName) ? (
          <ul className="schema-enum">
            {node.enumValues.map((e) => (
              <li key={e.value}>
                <code>{e.value}</code>
                {e.varName ? (
                  <>
                    {' '}
                    <code className="schema-enum-name">{e.varName}</code>
                  </>
                ) : null}
                {e.descriptionHtml ? <div className="markdown schema-enum-description" dangerouslySetInnerHTML={{ __html: e.descriptionHtml }} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <span>
            {node.enumValues.map((e, i) => (
              <span key={e.value}>
                {i > 0 ? ', ' : ''}
                <code>{e.value}</code>
              </span>
            ))}
          </span>
        )}
        {more ? (
          <span className="value-cut">
            {' '}
            {fill(t.apiMoreValues, { count: formatCount(more.count) })}
            {more.href ? (
              <>
                {' '}
                (
                <a href={more.href} download>
                  {fill(t.apiAllValues, { count: formatCount(node.enumValues.length + more.count) })}
                </a>
                )
              </>
            ) : null}
          </span>
        ) : null}
      </>,
    ]);
  }
  const cuts = node.valueCuts ?? {};
  if (node.constValue !== undefined) rows.push([t.apiConstant, <Value text={node.constValue} cut={cuts.constValue} />]);
  if (node.constraints.length) rows.push([t.apiConstraints, <span>{node.constraints.map((c, i) => <code key={i}>{c}</code>)}</span>]);
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
