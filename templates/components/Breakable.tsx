import { Fragment } from 'react';
import { wordParts } from '../../src/shared/wordBreaks';

/** A title whose long identifiers may wrap between their parts, not at any letter (src/shared/wordBreaks.ts). */
export function Breakable({ text }: { text: string }) {
  const parts = wordParts(text);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
