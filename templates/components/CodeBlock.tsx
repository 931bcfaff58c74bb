// A block of code from the spec (examples, code samples), highlighted here, when the page is
// rendered, rather than when its model is built (see `Code` in src/shared/viewModels.ts).
// Server-only: islands must not import it (highlight.js would land in the browser bundle).
// A capped block (a huge example) says so above it, links to the whole, and ends in a line
// counting what is left out; that line is outside <code>, so the copy button leaves it out.
// A tall block shows its first BOUNDED_LINES lines and a "Show all N lines" switch: a <details>
// whose state the CSS reads (styles/81-operation-layout.css), so it works without JavaScript.
import { highlight } from '../../src/content/plugins/highlight';
import { languageLabel } from '../../src/shared/codeLanguage';
import { formatBytes, formatCount } from '../../src/shared/size';
import type { Code, Truncation } from '../../src/shared/viewModels';
import { formatMessage, type Messages } from '../../src/shared/messages';
import { fill, useMessages } from './Messages';

/** `label`: what the bar above the code names (a media type, `application/json`); by default its language (`JSON`, `Python`; plain text: no bar). */
export function CodeBlock({ code, dataLanguage, what = 'example', label }: { code: Code; dataLanguage: string; what?: 'example' | 'codeSample'; label?: string }) {
  const t = useMessages();
  const cut = code.truncated;
  const name = label ?? languageLabel(dataLanguage === 'text' ? code.language : dataLanguage || code.language);
  const lines = lineCount(code.code);
  const bounded = lines > BOUNDED_LINES + BOUNDED_SLACK;
  const classes = ['code-block', cut ? 'code-block-truncated' : '', bounded ? 'code-block-bounded' : ''].filter(Boolean).join(' ');
  return (
    <>
      {cut ? <TruncationNote cut={cut} what={what === 'example' ? t.apiTruncatedExample : t.apiTruncatedCodeSample} t={t} /> : null}
      <div className={classes} data-language={dataLanguage}>
        {name ? <div className="code-label">{name}</div> : null}
        <pre className="hljs" tabIndex={0}>
          <code dangerouslySetInnerHTML={{ __html: highlight(code.code, code.language) }} />
          {cut ? <span className="code-more">{moreText(cut, t)}</span> : null}
        </pre>
        {bounded ? (
          <details className="code-expand">
            <summary>
              <span className="code-expand-more">{formatMessage(t.codeShowAllLines, { count: formatCount(lines) })}</span>
              <span className="code-expand-less">{t.codeShowFewerLines}</span>
            </summary>
          </details>
        ) : null}
      </div>
    </>
  );
}

/** Lines a tall code block shows until the reader asks for all (the CSS height says the same). */
export const BOUNDED_LINES = 30;
/** A block at most this many lines taller is shown whole: hiding two lines behind a switch helps no one. */
const BOUNDED_SLACK = 5;

function lineCount(code: string): number {
  return code.replace(/\n$/, '').split('\n').length;
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
