// The `[]` marks docsgen writes after a field's or a type's name for each level of array
// (`tags[]`, `string[][]`).

/**
 * A name's trailing run of `[]`. Matched from the run's start only: the names come from spec
 * text, and tried from every `[` of `][][]…[[]` the run was followed to the end again each time.
 */
export const TRAILING_ARRAY_MARKS = /(?<!\[\])(?:\[\])+$/;
