// Server side of an island: renders the component inside a marker element that names it,
// carries its props as JSON in an attribute (so no `</script>` in a prop can end anything),
// and says when to hydrate. src/client/hydrate.ts finds the markers in the browser.
import { createContext, useContext, type ComponentType } from 'react';

/** When an island hydrates: at once, when the browser is idle, when visible, or on first interaction. */
export type HydrateWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** Collects the islands a page uses, so the page loads only their code. */
export const IslandsUsed = createContext<Set<string> | null>(null);

export function Island<P extends object>({ name, component: Component, props, when, inline }: { name: string; component: ComponentType<P>; props: P; when: HydrateWhen; inline?: boolean }) {
  useContext(IslandsUsed)?.add(name);
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className="island" data-island={name} data-when={when} data-props={serializeProps(name, props)}>
      <Component {...props} />
    </Tag>
  );
}

export function serializeProps(name: string, props: object): string {
  try {
    return JSON.stringify(props);
  } catch (cause) {
    throw new Error(`The props of the island <${name}> cannot be serialised for the browser (${(cause as Error).message}). Pass plain data: strings, numbers, booleans, arrays and objects without cycles.`);
  }
}
