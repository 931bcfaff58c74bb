// Spec text is untrusted: what a change record quotes from the spec is made plain text here, with
// terminal escape sequences and control characters removed and long values cut.

const ESCAPE_SEQUENCE = /\u001b\[[0-9;?]*[ -\/]*[@-~]|\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g;

/** Removes escape sequences and control characters (each run becomes one space). */
export function plainText(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, ' ');
}

/**
 * A value quoted in a sentence: strings as they are (as JSON with `json`, where "true" and true
 * must differ), the rest as JSON; at most 60 characters.
 */
export function describeValue(value: unknown, options: { json?: boolean } = {}): string {
  const text = plainText(typeof value === 'string' && !options.json ? value : value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** `a, b and c`; past ten values, `a, …, j and 5 more`. */
export function describeValues(values: unknown[]): string {
  const shown = values.slice(0, 10).map((v) => describeValue(v));
  const more = values.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}
