// Tabs that work without JavaScript: a radio group whose checked input shows its panel (CSS in
// styles/80-api.css). The tab island adds persistence and syncing across groups with the same
// `group` key when JavaScript runs.
import type { ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

export function Tabs({ id, group, label, items }: { id: string; group?: string; label: string; items: TabItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="tabs" data-tab-group={group} role="group" aria-label={label}>
      {items.map((item, i) => (
        <span key={item.key} className="tab">
          <input className="tab-input" type="radio" name={id} id={`${id}-${item.key}`} value={item.key} defaultChecked={i === 0} />
          <label className="tab-label" htmlFor={`${id}-${item.key}`}>
            {item.label}
          </label>
        </span>
      ))}
      <div className="tab-panels">
        {items.map((item) => (
          <div key={item.key} className="tab-panel" data-tab={item.key}>
            {item.content}
          </div>
        ))}
      </div>
    </div>
  );
}
