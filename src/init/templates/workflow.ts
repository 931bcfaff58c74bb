// The GitHub Actions workflow `docsgen init` writes: on every push and pull request it installs,
// builds and checks the links of the built pages; on the default branch it also publishes them
// with GitHub Pages' own actions (upload-pages-artifact, then deploy-pages in a job of its own,
// the only one given the pages and id-token permissions).
export const WORKFLOW_FILE = '.github/workflows/docs.yml';

export interface WorkflowOptions {
  /** The project folder relative to the repository root, `/`-separated; '' when it is the root. */
  projectDir: string;
  /** The output folder relative to the project folder. */
  outDir: string;
  /** The branch whose pushes are published. */
  branch: string;
}

export function workflow({ projectDir, outDir, branch }: WorkflowOptions): string {
  const artifact = projectDir ? `${projectDir}/${outDir}` : outDir;
  const lock = projectDir ? `${projectDir}/package-lock.json` : 'package-lock.json';
  const defaults = projectDir ? `    defaults:\n      run:\n        working-directory: ${projectDir}\n` : '';
  return `# Builds the documentation site, checks its links and publishes it to GitHub Pages.
# Turn Pages on once: Settings → Pages → Source: GitHub Actions.
name: docs

on:
  push:
    branches: [${yamlString(branch)}]
  pull_request:
  workflow_dispatch:

permissions:
  contents: read

# One deployment at a time; a newer push waits instead of cancelling one half done.
concurrency:
  group: pages-\${{ github.ref }}
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
${defaults}    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
          cache-dependency-path: ${lock}
      - run: npm ci
      - run: npm run docs:build
      # Checks the links of the HTML that will be published, as the host will serve it.
      - run: npm run docs:check -- --dir ${outDir}
      - uses: actions/upload-pages-artifact@v3
        if: github.event_name != 'pull_request'
        with:
          path: ${artifact}

  deploy:
    if: github.event_name != 'pull_request' && github.ref == 'refs/heads/${branch.replace(/'/g, "''")}'
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

/** A branch name as a YAML flow scalar: quoted unless it is plainly safe (`main`, `release/2.x`). */
const yamlString = (value: string) => (/^[A-Za-z0-9][\w./-]*$/.test(value) ? value : JSON.stringify(value));
