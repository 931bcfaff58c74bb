// Assertions on internal state. The message is generic on purpose: it marks a docsgen bug,
// not something a reader or author can act on.
export function invariant(condition: unknown): asserts condition {
  if (!condition) throw new Error('Invariant failed');
}
