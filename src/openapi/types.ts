// The API model: what the openapi stage hands to the site stage. Built once per build from the
// dereferenced document; every string that came from the spec is still untrusted text here
// (markdown is rendered later with raw HTML escaped).

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** A fully prepared HTTP request, the input of the code-sample generators. */
export interface SampleRequest {
  method: string;
  /** Absolute URL with path parameters filled in, without the query string. */
  url: string;
  query: { name: string; value: string }[];
  headers: { name: string; value: string }[];
  /**
   * `text` for a textual body (JSON, XML, plain text); `form` for a form (multipart or
   * urlencoded: its fields, a file part with `fileName`); `file` for a binary body sent from a
   * file (its name, e.g. `file.png`).
   */
  body?: { mimeType: string; text: string; form?: FormField[]; file?: string };
  /** Lines each generated sample starts with, as comments (e.g. that the body is shortened and where the whole is). */
  note?: string;
}

/** A field of a form body; a file part has `fileName` (and the file's media type when the spec gives it). */
export interface FormField {
  name: string;
  value: string;
  fileName?: string;
  contentType?: string;
}

export interface CodeSample {
  /** Stable key, shared by every tab group of a site: `curl`, `node`, `php`, `python`, `csharp`, `go`, `ruby`, `java`, `powershell`. */
  lang: string;
  /** Tab label, e.g. `Node.js`. */
  label: string;
  /** highlight.js language of the code. */
  highlight: string;
  code: string;
}
