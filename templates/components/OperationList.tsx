import type { ApiTagView } from '../../src/shared/viewModels';
import { useMessages } from './Messages';
import { formatMessage } from '../../src/shared/messages';

/** `more`: operations left out of a shortened list, linked to the page listing them all. */
export function OperationList({ operations, more }: { operations: ApiTagView['operations']; more?: { count: number; href: string } }) {
  const t = useMessages();
  return (
    <ul className="operation-list">
      {operations.map((op) => (
        <li key={op.href} className={op.deprecated ? 'operation-deprecated' : undefined}>
          <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span>
          <code className="operation-path">{op.path}</code>
          <a href={op.href}>{op.summary}</a>
          {op.deprecated ? <span className="badge badge-deprecated">{t.apiDeprecatedBadge}</span> : null}
        </li>
      ))}
      {more && more.count > 0 ? (
        <li className="operation-list-more">
          <a href={more.href}>{formatMessage(t.apiMoreOperations, { count: more.count.toLocaleString('en-US') })}</a>
        </li>
      ) : null}
    </ul>
  );
}
