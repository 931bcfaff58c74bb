// A block of code from the spec (examples, code samples), highlighted here, when the page is
// rendered, rather than when its model is built (see `Code` in src/shared/viewModels.ts).
// Server-only: islands must not import it (highlight.js would land in the browser bundle).
// A capped block (a huge example) says so above it, links to the whole, and ends in a line
// counting what is left out; that line is outside <code>, so the copy button leaves it out.
import { highlight } from '../../src/content/plugins/highlight';
import { formatBytes, formatCount } from '../../src/shared/size';
import type { Code, Truncation } from '../../src/shared/viewModels';

export function CodeBlock({ code, dataLanguage, what = 'example' }: { code: Code; dataLanguage: string; what?: string }) {
  const cut = code.truncated;
  return (
    <>
      {cut ? <TruncationNote cut={cut} what={what} /> : null}
      <div className={cut ? 'code-block code-block-truncated' : 'code-block'} data-language={dataLanguage}>
        <pre className="hljs" tabIndex={0}>
          <code dangerouslySetInnerHTML={{ __html: highlight(code.code, code.language) }} />
          {cut ? <span className="code-more">{moreText(cut)}</span> : null}
        </pre>
      </div>
    </>
  );
}

/** "Example truncated: showing 200 of 610,012 lines. Download the full example (48.0 MB)" */
function TruncationNote({ cut, what }: { cut: Truncation; what: string }) {
  const byLines = cut.shownLines < cut.totalLines;
  return (
    <p className="code-truncated" role="note">
      <strong>{what[0].toUpperCase() + what.slice(1)} truncated:</strong> {byLines ? `showing ${formatCount(cut.shownLines)} of ${formatCount(cut.totalLines)} lines` : `showing the start of ${formatBytes(cut.totalBytes)}`}.{' '}
      {cut.href ? (
        <a href={cut.href} download>
          Download the full {what} ({formatBytes(cut.totalBytes)})
        </a>
      ) : null}
    </p>
  );
}

function moreText(cut: Truncation): string {
  const left = cut.totalLines - cut.shownLines;
  return left > 0 ? `… ${formatCount(left)} more ${left === 1 ? 'line' : 'lines'}` : '… (the rest of this line is left out)';
}
