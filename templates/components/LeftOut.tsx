// What a page too large left out of a list (fields, parameters, examples, servers, security
// schemes, responses, callbacks: src/render/tightenPage.ts), counted where the list ends; nothing
// when none was. `id`: what the ids of the items left out start with, so that a link to one of
// them lands here (src/client/enhance/nearestAnchor.ts).
import { formatMessage } from '../../src/shared/messages';
import { useMessages } from './Messages';

export function LeftOut({ count, id }: { count?: number; id?: string }) {
  const t = useMessages();
  return count ? <p className="text-cut" id={id}>{formatMessage(t.apiMoreFieldsLeftOut, { count: count.toLocaleString('en-US') })}</p> : null;
}
