// What a page too large left out of a list (fields, parameters, examples, servers, security
// schemes: src/render/tightenPage.ts), counted where the list ends; nothing when none was.
import { formatMessage } from '../../src/shared/messages';
import { useMessages } from './Messages';

export function LeftOut({ count }: { count?: number }) {
  const t = useMessages();
  return count ? <p className="text-cut">{formatMessage(t.apiMoreFieldsLeftOut, { count: count.toLocaleString('en-US') })}</p> : null;
}
