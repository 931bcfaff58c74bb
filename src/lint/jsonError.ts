// Where a JSON text stops being JSON. V8's JSON.parse names the position for some errors and not
// others ("Unexpected token '}', ..." has none on Node 20), so the guides' check finds the
// offset itself with this small scanner, which only accepts and rejects (no values are built).

/** The offset of the first character that makes `text` invalid JSON, or undefined when it is valid. */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (at: number): never => {
    throw at;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const literal = (word: string) => {
    for (const c of word) if (text[i++] !== c) fail(i - 1);
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail(i);
      const c = text[i];
      if (c === '"') return void i++;
      if (c < ' ') fail(i);
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i);
      } else i++;
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail(i);
        string();
        space();
        if (text[i] !== ':') fail(i);
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail(i);
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail(i);
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(i);
    i += m![0].length;
  };
  try {
    value();
    space();
    if (i < text.length) fail(i);
    return undefined;
  } catch (at) {
    if (typeof at !== 'number') throw at;
    return Math.min(at, text.length);
  }
}
