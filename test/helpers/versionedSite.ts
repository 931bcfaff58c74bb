// A site with two documentation versions (the current docs and `1.0`), shared by the build,
// serve and browser tests of versions (#19). The current API added POST /alerts and dropped
// GET /legacy; the 1.0 guides have a page the current ones do not.
import { configSource } from './fixture';

function spec(version: string, operations: string): string {
  return `openapi: 3.0.3
info:
  title: Flood API
  version: ${version}
paths:
  /zones:
    get:
      operationId: listZones
      summary: List flood zones
      description: Every flood zone of a county, with its FEMA code.
      parameters:
        - name: county
          in: query
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The zones.
          content:
            application/json:
              schema:
                type: object
                properties:
                  zones: { type: array, items: { type: string } }
${operations}`;
}

export const currentSpec = spec(
  '2.0.0',
  `  /alerts:
    post:
      operationId: createAlert
      summary: Create a flood alert
      description: Sends a webhook when a gauge near the point rises above its flood stage.
      responses:
        '201':
          description: The alert.
`,
);

export const oldSpec = spec(
  '1.0.0',
  `  /legacy:
    get:
      operationId: legacyZones
      summary: Legacy zone export
      description: The zones as one CSV file, as version 1.0 of the API exported them.
      responses:
        '200':
          description: The CSV file.
`,
);

/** The site; `config` adds to the config, `extra` adds or replaces files. */
export function versionedSite(extra: Record<string, string> = {}, config: Record<string, unknown> = {}): Record<string, string> {
  return {
    'docsgen.config.ts': configSource({
      navbar: {
        items: [
          { label: 'Guides', to: '/guides/intro', position: 'left' },
          { label: 'API', to: '/api', position: 'left' },
          { type: 'search', position: 'right' },
        ],
      },
      footer: { copyright: 'Copyright © 2025 Test', links: [{ label: 'Zones', to: '/guides/zones' }] },
      openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },
      ...config,
    }),
    'openapi.yaml': currentSpec,
    'content/guides/intro.md': '---\ntitle: Introduction\nsidebar_position: 1\n---\nWelcome to the flood API, version 2. Alerts arrive by webhook: see [Create a flood alert](/api/create-alert).\n\n## Getting a key\n\nAsk support for a key.\n',
    'content/guides/zones.md': '---\ntitle: Flood zones\nsidebar_position: 2\n---\nZones come from FEMA maps, refreshed monthly. See [the introduction](./intro.md#getting-a-key).\n',
    'versions.json': '["1.0"]\n',
    'versioned/1.0/openapi.yaml': oldSpec,
    'versioned/1.0/guides/intro.md': '---\ntitle: Introduction\nsidebar_position: 1\n---\nWelcome to the flood API, version 1. Exports come as CSV: see [Legacy zone export](/api/legacy-zones).\n\n## Getting a key\n\nEmail the office for a key.\n',
    'versioned/1.0/guides/zones.md': '---\ntitle: Flood zones\nsidebar_position: 2\n---\nZones come from FEMA maps, refreshed quarterly. See [the introduction](./intro.md#getting-a-key).\n',
    'versioned/1.0/guides/csv-export.md': '---\ntitle: CSV export\nsidebar_position: 3\n---\nThe quarterly CSV export lists every zone with its county FIPS code.\n',
    ...extra,
  };
}
