// A parameter's named examples (`examples:` in the spec), listed under the parameter: each one's
// summary (or key), its value as the request sends it, and its description. The first one is
// the value the code samples send (src/openapi/operationView.ts).
import { formatBytes } from '../../src/shared/size';
import type { SchemaNode } from '../../src/shared/viewModels';
import { fill, useMessages } from './Messages';

export function NamedExamples({ examples }: { examples: NonNullable<SchemaNode['namedExamples']> }) {
  const t = useMessages();
  return (
    <ul className="schema-named-examples">
      {examples.map((ex, i) => (
        <li key={i}>
          <span className="schema-named-example-label">{ex.label}</span> <code>{ex.value}</code>
          {ex.cut ? (
            <span className="value-cut">
              {' '}
              {fill(t.apiValueShortened, { size: formatBytes(ex.cut.totalBytes), link: ex.cut.href ? <>{fill(t.apiValueShortenedLink, { link: <a href={ex.cut.href} download>{t.apiFullValue}</a> })}</> : null })}
            </span>
          ) : null}
          {ex.descriptionHtml ? <div className="markdown schema-named-example-description" dangerouslySetInnerHTML={{ __html: ex.descriptionHtml }} /> : null}
        </li>
      ))}
    </ul>
  );
}
