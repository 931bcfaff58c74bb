// The notices at the top of unlisted, draft and untranslated pages.
import { formatMessage } from '../../src/shared/messages';
import { useMessages } from './Messages';

/** `language`: the label of the page's locale, for the untranslated notice. */
export function Banner({ kind, language = '' }: { kind: 'unlisted' | 'draft' | 'untranslated'; language?: string }) {
  const t = useMessages();
  const text = {
    unlisted: { title: t.unlistedTitle, body: t.unlistedBody },
    draft: { title: t.draftTitle, body: t.draftBody },
    untranslated: { title: t.untranslatedTitle, body: formatMessage(t.untranslatedBody, { language }) },
  }[kind];
  return (
    <aside className={`admonition ${kind === 'untranslated' ? 'admonition-info' : 'admonition-warning'} page-banner page-banner-${kind}`} role="note">
      <p className="admonition-title">{text.title}</p>
      <div className="admonition-body">
        <p>{text.body}</p>
      </div>
    </aside>
  );
}
