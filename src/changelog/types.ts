// What docsgen reports when two versions of a spec are compared: one record per change a reader
// of the API would notice, attached to the operation that shows it. Independent of the site: the
// changelog pages and badges, `docsgen diff` and its JSON output all read these records.

export type ChangeSeverity = 'breaking' | 'non-breaking' | 'deprecation' | 'annotation';

export type ChangeKind =
  | 'operation-added' | 'operation-removed' | 'operation-deprecated' | 'operation-changed' | 'path-renamed'
  | 'parameter-added' | 'parameter-removed' | 'parameter-required' | 'parameter-optional' | 'parameter-deprecated' | 'parameter-changed'
  | 'request-body-added' | 'request-body-removed' | 'request-body-required' | 'request-body-optional'
  | 'field-added' | 'field-removed' | 'field-required' | 'field-optional' | 'field-deprecated'
  | 'type-changed' | 'format-changed' | 'enum-value-added' | 'enum-value-removed' | 'enum-added' | 'enum-removed'
  | 'constraint-changed' | 'default-changed' | 'schema-changed'
  | 'status-added' | 'status-removed' | 'media-type-added' | 'media-type-removed' | 'header-added' | 'header-removed'
  | 'security-added' | 'security-removed'
  | 'security-scheme-added' | 'security-scheme-removed' | 'security-scheme-changed' | 'server-changed' | 'info-changed'
  | 'undeprecated' | 'description-changed' | 'example-changed' | 'extension-changed' | 'other-changed';

/** Where in the operation (or the document) the change is. */
export interface ChangeLocation {
  in: 'operation' | 'parameter' | 'request' | 'response' | 'response-header' | 'security' | 'document';
  /**
   * A parameter's or header's name, a security scheme's name, or a body field's path with dots
   * between properties and `[]` for array items (`permissions.organization_copilot_seat_management`,
   * `items[].id`); absent for the operation or a whole body.
   */
  name?: string;
  /** For a parameter: query, path, header or cookie. */
  parameterIn?: string;
  /** For a response: its status code (`200`, `4XX`, `default`). */
  status?: string;
  /** For a request or response body: its media type. */
  mediaType?: string;
}

export interface ChangedOperation {
  /** Lower case, as in the spec: `get`. */
  method: string;
  /** The path in the newer spec (the older one for a removed operation). */
  path: string;
  operationId?: string;
}

export interface ApiChange {
  /** Undefined for a document-level change: servers, security schemes, info, tags, extensions. */
  operation: ChangedOperation | undefined;
  kind: ChangeKind;
  location: ChangeLocation;
  severity: ChangeSeverity;
  /** One sentence in plain text (no HTML, no control characters). */
  text: string;
}

export interface ChangeSummary {
  total: number;
  breaking: number;
  'non-breaking': number;
  deprecation: number;
  annotation: number;
}
