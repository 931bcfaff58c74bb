// The getting-started guide `docsgen init` writes: how to work on the new site, told with this
// project's own paths (where its spec is, which commands its package.json has), so that it is
// the page a new author reads first and not a placeholder to delete.
import type { SpecSource } from '../answers';

export const GUIDE_FILE = 'content/guides/getting-started.md';

export function guide(spec: SpecSource): string {
  return `---
title: Getting started
description: Preview the site while you write, add a guide, update the API reference from the spec, check the links and publish.
---

This site is built by docsgen from two sources: the Markdown guides in \`content/guides/\` and ${specSentence(spec)}. This page tells you how to work on it; it is \`content/guides/getting-started.md\`, so edit it to suit your team or delete it.

## Preview while you write

\`\`\`bash
npm install
npm run docs:dev
\`\`\`

\`docs:dev\` builds the site in memory and serves it at http://127.0.0.1:3000/ (or the next free port, which it prints). Keep it running: when you save a guide, the page open in your browser updates by itself, and a mistake (front matter that is not valid YAML, a link to a page that does not exist, an error in the spec) is shown over the page with its file and line until you fix it. Pages marked \`draft: true\` in their front matter are shown here with a banner and left out of the published site.

## Add a guide

Every Markdown file under \`content/guides/\` is a page, and its path gives its URL: \`content/guides/authentication.md\` is served at \`/guides/authentication/\`, and a folder (\`content/guides/webhooks/\`) becomes a group in the sidebar. Start each file with front matter:

\`\`\`yaml
---
title: Authentication
description: How to get a token and send it with each request.
sidebar_position: 2
---
\`\`\`

\`title\` names the page in the sidebar, the browser tab and search results, \`description\` is what search engines show, and \`sidebar_position\` orders the pages of a folder. Start the sections of a page at \`##\`: they make the table of contents on the right.

Link to another guide by its file, \`[authentication](./authentication.md)\`, and docsgen turns it into the page's URL.${operationLinkTip(spec)}

## The API reference

${referenceParagraph(spec)}

## Check the links

\`\`\`bash
npm run docs:check
\`\`\`

\`docs:check\` checks every link and \`#anchor\` of the site, guides and reference, without writing anything, and exits with an error when one points at a page that does not exist. It takes about a second, so the hook in \`.pre-commit-config.yaml\` runs it before each commit: install the [pre-commit](https://pre-commit.com/) tool and run \`pre-commit install\` once in your clone. \`npm run docs:build\` writes the site into \`build/\` and fails on the same errors.

## Publish

\`.github/workflows/docs.yml\` builds the site on every push and pull request, checks the links of the pages it built, and on the default branch publishes them to GitHub Pages. Turn it on once in the repository's **Settings → Pages** by choosing **GitHub Actions** as the source. The address of the published site is \`url\` (and \`baseUrl\`) in \`docsgen.config.ts\`: change it there if you publish somewhere else.
`;
}

function specSentence(spec: SpecSource): string {
  if (spec.kind === 'url') return `the OpenAPI spec at ${spec.url}`;
  return `the OpenAPI spec in \`${spec.file}\``;
}

function operationLinkTip(spec: SpecSource): string {
  // Only the sample spec's operation ids are known here; a link to an id the user's spec lacks
  // would be a broken link on the first build.
  if (spec.kind !== 'sample') return ' To link to an operation of the reference, write \`op:\` and its operationId, \`[text](op:listOrders)\`, or its method and path, \`[text](<op:GET /orders>)\`: the link follows the operation when its page moves, and a name the spec does not have is reported as a broken link.';
  return ' To link to an operation of the reference, name it by its operationId, as in [create a link](op:createLink), or by its method and path, as in [list links](<op:GET /links>): the link follows the operation when its page moves, and a name the spec does not have is reported as a broken link.';
}

function referenceParagraph(spec: SpecSource): string {
  const where = spec.kind === 'url' ? `fetched from ${spec.url} at every build` : `read from \`${spec.file}\` at every build`;
  const sample =
    spec.kind === 'sample'
      ? ` The spec there now describes a small sample API (Shortlinks), written by \`docsgen init\` so that you can see every kind of page: replace it with your API's spec, or point \`openapi.spec\` in \`docsgen.config.ts\` at your spec file or at the URL your API's server publishes it at.`
      : '';
  return `The [API reference](/api) is generated from the spec, ${where}: a page for each operation with its parameters, request and response bodies, examples and code samples, a page for each tag, and one for each schema. You never edit those pages: change the spec and build again. ${spec.kind === 'url' ? 'While \`docs:dev\` runs, press \`r\` in its terminal to fetch the spec again.' : 'While \`docs:dev\` runs, saving the spec file updates the open page.'}${sample}`;
}
