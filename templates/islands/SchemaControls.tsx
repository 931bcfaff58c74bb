// The controls of a schema tree: "Expand all", "Collapse all" and, in deep trees, how many levels
// of fields stay open. The tree's nested fields are <details> (readable without JavaScript); these
// buttons open and close them all at once. The island loads on the first click (hydrated "on
// interaction", which replays that click), so pages load no JavaScript for it; without JavaScript
// the controls are hidden (80-api.css, `scripting: none`).
import { useState } from 'react';
import type { Messages } from '../../src/shared/messages';

/** The controls' strings in English, as in src/shared/messages.ts. */
export const SCHEMA_CONTROLS_ENGLISH = {
  apiSchemaControls: 'Fields shown',
  apiExpandAll: 'Expand all',
  apiCollapseAll: 'Collapse all',
  apiLevels: 'Levels',
  apiShowLevels: 'Show fields to level {count}',
} satisfies Partial<Messages>;

/** Level buttons offered at most (1…5); deeper levels are what "Expand all" is for. */
export const MAX_LEVEL_BUTTONS = 5;

/**
 * `levels`: levels of fields in the tree (1: no nested fields). The level buttons show in trees
 * of three levels or more, where they differ from "Expand all" and "Collapse all".
 */
export default function SchemaControls({ levels, labels: given }: { levels: number; labels?: Partial<typeof SCHEMA_CONTROLS_ENGLISH> }) {
  const labels = { ...SCHEMA_CONTROLS_ENGLISH, ...given };
  // Every nested field is open in the server's HTML.
  const [shown, setShown] = useState(levels);
  const show = (button: HTMLElement, level: number) => {
    const tree = button.closest('.schema');
    if (tree) openToLevel(tree, level);
    setShown(level);
  };
  const buttons = levels >= 3 ? Array.from({ length: Math.min(levels, MAX_LEVEL_BUTTONS) }, (_, i) => i + 1) : [];
  return (
    <span className="schema-controls" role="group" aria-label={labels.apiSchemaControls}>
      <button type="button" className="schema-control" onClick={(e) => show(e.currentTarget, levels)}>
        {labels.apiExpandAll}
      </button>
      <button type="button" className="schema-control" onClick={(e) => show(e.currentTarget, 1)}>
        {labels.apiCollapseAll}
      </button>
      {buttons.length > 0 ? (
        <span className="schema-levels">
          <span className="schema-levels-label" aria-hidden="true">
            {labels.apiLevels}
          </span>
          {buttons.map((level) => (
            <button key={level} type="button" className="schema-control schema-level" aria-pressed={shown === level} aria-label={labels.apiShowLevels.replace('{count}', String(level))} onClick={(e) => show(e.currentTarget, level)}>
              {level}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Opens the nested fields of `tree` down to `level` and closes the deeper ones: a <details> at
 * nesting depth d (1 for the fields of a top-level field) is open when d < level.
 */
export function openToLevel(tree: Element, level: number): void {
  for (const details of tree.querySelectorAll<HTMLDetailsElement>('details.schema-nested')) {
    let depth = 0;
    for (let at: Element | null = details; at && at !== tree; at = at.parentElement) if (at.matches('details.schema-nested')) depth++;
    details.open = depth < level;
  }
}
