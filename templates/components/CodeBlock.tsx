// A block of code from the spec (examples, code samples), highlighted here, when the page is
// rendered, rather than when its model is built (see `Code` in src/shared/viewModels.ts).
// Server-only: islands must not import it (highlight.js would land in the browser bundle).
// A capped block (a huge example) says so above it, links to the whole, and ends in a line
// counting what is left out; that line is outside <code>, so the copy button leaves it out.
import { highlight } from '../../src/content/plugins/highlight';
import { formatBytes, formatCount } from '../../src/shared/size';
import type { Code, Truncation } from '../../src/shared/viewModels';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { fill, useMessages } from './Messages';

export function CodeBlock({ code, dataLanguage, what = 'example' }: { code: Code; dataLanguage: string; what?: 'example' | 'codeSample' }) {
  const t = useMessages();
  const cut = code.truncated;
  return (
    <>
      {cut ? <TruncationNote cut={cut} what={what === 'example' ? t.apiTruncatedExample : t.apiTruncatedCodeSample} t={t} /> : null}
      <div className={cut ? 'code-block code-block-truncated' : 'code-block'} data-language={dataLanguage}>
        <pre className="hljs" tabIndex={0}>
          <code dangerouslySetInnerHTML={{ __html: highlight(code.code, code.language) }} />
          {cut ? <span className="code-more">{moreText(cut, t)}</span> : null}
        </pre>
      </div>
    </>
  );
}

/** "Example truncated: showing 200 of 610,012 lines. Download the full example (48.0 MB)" */
function TruncationNote({ cut, what, t }: { cut: Truncation; what: string; t: Messages }) {
  const byLines = cut.shownLines < cut.totalLines;
  return (
    <p className="code-truncated" role="note">
      <strong>{fill(t.apiTruncatedTitle, { What: what[0].toUpperCase() + what.slice(1) })}</strong> {byLines ? formatMessage(t.apiTruncatedLines, { shown: formatCount(cut.shownLines), total: formatCount(cut.totalLines) }) : formatMessage(t.apiTruncatedBytes, { size: formatBytes(cut.totalBytes) })}.{' '}
      {cut.href ? (
        <a href={cut.href} download>
          {fill(t.apiTruncatedDownload, { what, size: formatBytes(cut.totalBytes) })}
        </a>
      ) : null}
    </p>
  );
}

function moreText(cut: Truncation, t: Messages): string {
  const left = cut.totalLines - cut.shownLines;
  return left > 0 ? formatMessage(left === 1 ? t.apiMoreLineOne : t.apiMoreLineOther, { count: formatCount(left) }) : t.apiRestOfLine;
}
