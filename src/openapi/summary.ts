// The outline of an API for its landing page: title, version, summary and each tag's
// operations in spec order. Reads the parsed document only; no dereferencing needed.

export interface ApiOutline {
  title: string;
  version: string;
  summary: string;
  tags: { name: string; description: string; operations: { method: string; path: string; summary: string; operationId?: string; deprecated: boolean }[] }[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Obj = Record<string, any>;

export function outlineApi(document: Obj): ApiOutline {
  const info: Obj = document.info ?? {};
  const tagOrder: { name: string; description: string }[] = (document.tags ?? []).map((t: Obj) => ({ name: String(t.name), description: String(t.description ?? '') }));
  const byTag = new Map<string, ApiOutline['tags'][number]['operations']>();
  for (const [path, item] of Object.entries<Obj>(document.paths ?? {})) {
    for (const method of METHODS) {
      const op: Obj | undefined = item?.[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'default';
      if (!tagOrder.some((t) => t.name === tag)) tagOrder.push({ name: tag, description: '' });
      const list = byTag.get(tag) ?? [];
      list.push({ method: method.toUpperCase(), path, summary: String(op.summary ?? `${method.toUpperCase()} ${path}`), operationId: op.operationId, deprecated: op.deprecated === true });
      byTag.set(tag, list);
    }
  }
  return {
    title: String(info.title ?? 'API'),
    version: String(info.version ?? ''),
    summary: String(info.summary ?? ''),
    tags: tagOrder.filter((t) => byTag.has(t.name)).map((t) => ({ ...t, operations: byTag.get(t.name)! })),
  };
}
