// A block of code from the spec (examples, code samples), highlighted here, when the page is
// rendered, rather than when its model is built (see `Code` in src/shared/viewModels.ts).
// Server-only: islands must not import it (highlight.js would land in the browser bundle).
import { highlight } from '../../src/content/plugins/highlight';
import type { Code } from '../../src/shared/viewModels';

export function CodeBlock({ code, dataLanguage }: { code: Code; dataLanguage: string }) {
  return (
    <div className="code-block" data-language={dataLanguage}>
      <pre className="hljs" tabIndex={0}>
        <code dangerouslySetInnerHTML={{ __html: highlight(code.code, code.language) }} />
      </pre>
    </div>
  );
}
