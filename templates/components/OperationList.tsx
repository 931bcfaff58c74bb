import type { ApiTagView } from '../../src/shared/viewModels';
import { useMessages } from './Messages';

export function OperationList({ operations }: { operations: ApiTagView['operations'] }) {
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
    </ul>
  );
}
