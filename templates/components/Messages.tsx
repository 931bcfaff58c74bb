// The site's UI strings (src/shared/messages.ts) for the page's locale, provided once by
// templates/index.tsx. Islands take theirs as props instead: the browser has no provider.
import { createContext, useContext } from 'react';
import { defaultMessages, type Messages } from '../../src/shared/messages';

export const MessagesContext = createContext<Messages>(defaultMessages);

export function useMessages(): Messages {
  return useContext(MessagesContext);
}
