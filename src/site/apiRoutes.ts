// The API section's pages, built from the OpenAPI document.
import type { ResolvedConfig } from '../config/types';
import type { SpecMarkdown } from '../openapi/markdown';
import type { ApiOutline } from '../openapi/summary';
import type { PageModel } from '../shared/viewModels';

export function buildApiPages(config: ResolvedConfig, outline: ApiOutline, markdown: SpecMarkdown, head: (title: string, route: string, description: string) => PageModel['head']): PageModel[] {
  const tags = outline.tags.map((tag, i) => ({
    name: tag.name,
    descriptionHtml: tag.description ? markdown.render(tag.description, `/tags/${i}/description`) : '',
    operations: tag.operations.map((op) => ({ method: op.method, path: op.path, summary: op.summary, deprecated: op.deprecated })),
  }));
  return [
    {
      route: '/api',
      head: head('API reference', '/api', outline.summary || `Reference of the ${outline.title}.`),
      section: 'api',
      body: {
        kind: 'apiIndex',
        api: { title: outline.title, version: outline.version, summary: outline.summary, downloadUrl: config.openapi?.downloadUrl || undefined, tags },
        breadcrumbs: [{ label: 'API' }],
      },
    },
  ];
}
