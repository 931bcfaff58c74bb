// The Markdown copy of an API page, made from the same view model as its HTML: an operation's
// method and URL, description, security, every parameter, the request body and each response
// with their whole schema trees (the named schemas they link to listed at the end, with their
// fields), examples and one curl sample; a schema page's tree and example;
// the API's overview (servers, authentication, its groups), a group's page and the changelog.
import type { AppendedSchema, ApiChangelogView, ApiOverviewView, ApiSchemaView, ApiTagView, MediaContent, OperationView, ParameterGroup, RequestBodyView, ResponseView } from '../shared/viewModels';
import { fence, htmlToMarkdown, inlineCode, markdownText } from './htmlToMarkdown';
import { appendixMarkdown, fieldsMarkdown, schemaMarkdown, type MarkdownLinks } from './schemaMarkdown';

/**
 * A page's Markdown copy, and, when llms-full.txt leaves its "Schemas" section out (each schema
 * listed there has its own page in that file), the UTF-8 byte offset where the section starts.
 */
export interface MarkdownCopy {
  text: string;
  appendixAt?: number;
}

export function operationMarkdown(op: OperationView, pageLinks: MarkdownLinks): MarkdownCopy {
  const links = withAppendix(pageLinks, op.appendix);
  const parts: string[] = [`# ${markdownText(op.title)}`];
  parts.push(op.webhook ? `Webhook ${inlineCode(op.webhook.event)}, delivered as ${op.method.toUpperCase()}${op.path ? ` ${inlineCode(op.path)}` : ''}` : fence(`${op.method.toUpperCase()} ${op.serverUrl}${op.path}`, 'http'));
  if (op.deprecated) parts.push('**Deprecated.**');
  const description = htmlToMarkdown(op.descriptionHtml, links.resolve);
  if (description) parts.push(description);
  const security = securityMarkdown(op);
  if (security) parts.push(security);
  for (const group of op.parameters) parts.push(parametersMarkdown(group, links));
  if (op.requestBody) parts.push(requestBodyMarkdown(op.requestBody, links, '##'));
  if (op.responses.length > 0) parts.push('## Responses', ...op.responses.map((r) => responseMarkdown(r, links, '###')));
  for (const callback of op.callbacks) {
    parts.push(`## Callback ${inlineCode(callback.name)}`);
    for (const cb of callback.operations) {
      parts.push(`### ${cb.method.toUpperCase()} ${inlineCode(cb.expression)}${cb.summary ? `: ${markdownText(cb.summary)}` : ''}`);
      const text = htmlToMarkdown(cb.descriptionHtml, links.resolve);
      if (text) parts.push(text);
      for (const group of cb.parameters) parts.push(parametersMarkdown(group, links, '####'));
      if (cb.requestBody) parts.push(requestBodyMarkdown(cb.requestBody, links, '####'));
      for (const r of cb.responses) parts.push(responseMarkdown(r, links, '####'));
    }
  }
  const curl = op.codeSamples.find((s) => s.lang === 'curl') ?? op.codeSamples[0];
  if (curl) parts.push('## Example request', fence(curl.code.code, curl.lang === 'curl' ? 'bash' : curl.code.language) + truncation(curl.code.truncated, links));
  return withSchemas(parts, appendixMarkdown(op.appendix, links, '##'), op.appendixListed);
}

/** The copy's parts, then its "Schemas" section. */
function withSchemas(parts: string[], appendix: string[], listed: boolean | undefined): MarkdownCopy {
  const main = parts.join('\n\n');
  if (appendix.length === 0) return { text: `${main}\n` };
  const text = `${main}\n\n${appendix.join('\n\n')}\n`;
  return listed ? { text, appendixAt: Buffer.byteLength(main) + 2 } : { text };
}

/** The API's overview page: its description, servers, authentication and groups of endpoints. */
export function overviewMarkdown(view: ApiOverviewView, links: MarkdownLinks): string {
  const parts = [`# ${markdownText(view.title)}${view.version ? ` (version ${markdownText(view.version)})` : ''}`];
  const description = htmlToMarkdown(view.descriptionHtml, links.resolve);
  if (description) parts.push(description);
  if (view.downloadUrl) parts.push(`The OpenAPI description: ${links.resolve(view.downloadUrl)}`);
  if (view.servers.length > 0) parts.push('## Servers', view.servers.map((s) => `- ${inlineCode(s.url)}${lineOf(s.descriptionHtml, links)}`).join('\n'));
  if (view.auth.length > 0) parts.push('## Authentication', view.auth.map((a) => `- **${markdownText(a.name)}** (${markdownText(a.summary ?? a.type)})${lineOf(a.descriptionHtml, links)}`).join('\n'));
  for (const tag of [...view.tags, ...(view.webhooks ? [view.webhooks] : [])]) parts.push(tagListMarkdown(tag, links, '##'));
  return parts.join('\n\n') + '\n';
}

/** A group's (tag's) page: its description and its operations. */
export function tagMarkdown(view: ApiTagView, links: MarkdownLinks): string {
  return tagListMarkdown(view, links, '#') + '\n';
}

/** The API changelog: each pair of versions, each change under its operation, with its severity. */
export function changelogMarkdown(title: string, view: ApiChangelogView, toc: readonly { text: string }[], links: MarkdownLinks): string {
  const parts = [`# ${markdownText(title)}`];
  view.sections.forEach((section, i) => {
    parts.push(`## ${markdownText(toc[i]?.text ?? `${section.newer} / ${section.older}`)}`);
    for (const group of section.groups) {
      const heading = group.operation ? `${group.operation.method.toUpperCase()} ${inlineCode(group.operation.path)}` : 'The whole API';
      parts.push(`### ${group.operation?.href ? `[${heading}](${links.resolve(group.operation.href)})` : heading}`);
      parts.push(group.changes.map((c) => `- **${c.severity}**: ${markdownText(c.text)}${c.href ? ` (${links.resolve(c.href)})` : ''}`).join('\n'));
    }
  });
  return parts.join('\n\n') + '\n';
}

export function tagListMarkdown(view: ApiTagView, links: MarkdownLinks, level: string): string {
  const parts = [`${level} ${markdownText(view.name)}`];
  const description = htmlToMarkdown(view.descriptionHtml, links.resolve);
  if (description) parts.push(description);
  if (view.operations.length > 0) parts.push(view.operations.map((o) => `- [${o.method.toUpperCase()} ${markdownText(o.path)}](${links.resolve(o.href)}): ${markdownText(o.summary)}${o.deprecated ? ' (deprecated)' : ''}`).join('\n'));
  if (view.more) parts.push(`And ${view.more} more: ${links.resolve(view.href)}`);
  return parts.join('\n\n');
}

/** A description after a list item's name: its first paragraph, on the same line. */
function lineOf(html: string, links: MarkdownLinks): string {
  const text = htmlToMarkdown(html, links.resolve).split('\n\n')[0];
  return text ? `: ${text.replace(/\n/g, ' ')}` : '';
}

export function schemaPageMarkdown(view: ApiSchemaView, pageLinks: MarkdownLinks): MarkdownCopy {
  const links = { ...withAppendix(pageLinks, view.appendix), own: view.name };
  const parts = [`# ${markdownText(view.name)}`, schemaMarkdown(view.schema, links)];
  if (view.example) parts.push('## Example', fence(view.example.code, 'json') + truncation(view.example.truncated, links));
  if (view.usedBy.length > 0) parts.push('## Used by', view.usedBy.map((u) => `- [${markdownText(u.label)}](${links.resolve(u.href)})`).join('\n'));
  return withSchemas(parts, appendixMarkdown(view.appendix, links, '##'), view.appendixListed);
}

function withAppendix(links: MarkdownLinks, appendix: readonly AppendedSchema[] | undefined): MarkdownLinks {
  return appendix?.length ? { ...links, appended: new Set(appendix.map((s) => s.name)) } : links;
}

function securityMarkdown(op: OperationView): string {
  const req = op.securityRequirements;
  if (req && req.alternatives.length > 0) {
    const alt = req.alternatives.map((a) => a.schemes.map((s) => `${s.name}${s.detail ? ` (${s.detail})` : ''}${s.scopes.length > 0 ? `, scopes ${s.scopes.map(inlineCode).join(', ')}` : ''}`).join(' and '));
    return `## Authorization\n\n${alt.map((a) => `- ${a}`).join('\n')}${req.optional ? '\n- or no credentials' : ''}`;
  }
  if (op.security.length > 0) return `## Authorization\n\n${op.security.map((s) => `- ${s.name}${s.detail ? ` (${s.detail})` : ''}`).join('\n')}`;
  return '';
}

function parametersMarkdown(group: ParameterGroup, links: MarkdownLinks, level = '##'): string {
  return `${level} ${group.label}\n\n${fieldsMarkdown(group.params, links)}`;
}

function requestBodyMarkdown(body: RequestBodyView, links: MarkdownLinks, level: string): string {
  const parts = [`${level} Request body${body.required ? ' (required)' : ''}`];
  const description = htmlToMarkdown(body.descriptionHtml, links.resolve);
  if (description) parts.push(description);
  for (const content of body.contents) parts.push(contentMarkdown(content, links));
  return parts.join('\n\n');
}

function responseMarkdown(response: ResponseView, links: MarkdownLinks, level: string): string {
  const parts = [`${level} ${response.status}`];
  const description = htmlToMarkdown(response.descriptionHtml, links.resolve);
  if (description) parts.push(description);
  if (response.headers.length > 0) parts.push(`Headers:\n\n${fieldsMarkdown(response.headers, links)}`);
  for (const content of response.contents) parts.push(contentMarkdown(content, links));
  return parts.join('\n\n');
}

function contentMarkdown(content: MediaContent, links: MarkdownLinks): string {
  const parts = [`Content type: ${inlineCode(content.mediaType)}`];
  if (content.schema) parts.push(schemaMarkdown(content.schema, links));
  for (const example of content.examples) parts.push(`${example.label || 'Example'}:\n\n${fence(example.code.code, example.code.language)}${truncation(example.code.truncated, links)}`);
  return parts.join('\n\n');
}

function truncation(cut: { shownLines: number; totalLines: number; href?: string } | undefined, links: MarkdownLinks): string {
  if (!cut) return '';
  return `\n\n(${cut.shownLines} of ${cut.totalLines} lines shown${cut.href ? `; the whole: ${links.resolve(cut.href)}` : ''})`;
}
