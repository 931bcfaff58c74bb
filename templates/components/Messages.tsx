// The site's UI strings (src/shared/messages.ts) for the page's locale, provided once by
// templates/index.tsx. Islands take theirs as props instead: the browser has no provider.
import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';
import { defaultMessages, type Messages } from '../../src/shared/messages';

export const MessagesContext = createContext<Messages>(defaultMessages);

export function useMessages(): Messages {
  return useContext(MessagesContext);
}

/**
 * A message with `{name}` placeholders filled with elements: "Download the full {what} ({size})"
 * → <>Download the full {what} ({size})</>. The parts are separate children, as written
 * in JSX, so English pages render exactly as they did before the text became a message.
 */
export function fill(text: string, values: Record<string, ReactNode>): ReactNode {
  const parts = text
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? values[name] : part;
    });
  // Children as arguments, not an array: React asks no keys of them.
  return createElement(Fragment, null, ...parts);
}
