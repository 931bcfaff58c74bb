// "New in Next", "Changed in Next"… (#19): the badge of an operation or field that changed in a
// version, linking to its entry on the API changelog. The kind is in the words, not only the colour.
import { formatMessage } from '../../src/shared/messages';
import type { ChangeBadge as Badge } from '../../src/shared/viewModels';
import { useMessages } from './Messages';

export function ChangeBadge({ badge }: { badge: Badge }) {
  const t = useMessages();
  const words = { new: t.apiNewIn, changed: t.apiChangedIn, breaking: t.apiBreakingIn, deprecated: t.apiDeprecatedIn }[badge.kind];
  return (
    <a className={`change-badge change-${badge.kind}`} href={badge.href} title={badge.title}>
      {formatMessage(words, { version: badge.version })}
    </a>
  );
}
