// The shipped API's own history: versioned/2025-06/openapi.yaml (June 2025, version 1.7.0, the
// shipped site's 2025-06 version) against fixtures/hyperlocal-openapi.yaml (November 2025, 1.8.0).
// November added the sold statistics' sale_to_list_ratio, the level filter of the school search
// and the `land` property type: what a reader of the changelog must be told, each with the right
// severity.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecFiles } from '../../src/changelog/diffSpecFiles';
import { repoRoot } from '../helpers/fixture';

describe('the shipped API, June → November 2025', () => {
  it('reports the three changes of the November release, and nothing a client would notice besides', async () => {
    const { changes } = await diffSpecFiles(path.join(repoRoot, 'versioned/2025-06/openapi.yaml'), path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml'));
    const notable = changes.filter((c) => c.severity !== 'annotation').map((c) => [`${c.operation?.method} ${c.operation?.path}`, c.severity, c.text]);
    expect(notable).toEqual([
      ['get /v1/listings/tiles/{z}/{x}/{y}.mvt', 'non-breaking', 'Query parameter property_type[] now accepts the value land.'],
      ['get /v1/market-statistics/active', 'breaking', 'Response field data.property_type (200 application/json) can now be the value land.'],
      ['get /v1/market-statistics/active', 'non-breaking', 'Query parameter property_type now accepts the value land.'],
      ['get /v1/market-statistics/added-to-market', 'breaking', 'Response field data.property_type (200 application/json) can now be the value land.'],
      ['get /v1/market-statistics/added-to-market', 'non-breaking', 'Query parameter property_type now accepts the value land.'],
      ['get /v1/market-statistics/sold', 'breaking', 'Response field data.property_type (200 application/json) can now be the value land.'],
      ['get /v1/market-statistics/sold', 'non-breaking', 'Query parameter property_type now accepts the value land.'],
      ['get /v1/market-statistics/sold', 'non-breaking', 'Response field data.sale_to_list_ratio (200 application/json) was added.'],
      ['get /v1/schools/search', 'non-breaking', 'Optional query parameter level was added.'],
    ]);
    // The array parameter's values are its items': named as the parameter's, and read in the request direction.
    expect(changes.find((c) => c.operation?.path.startsWith('/v1/listings/tiles') && c.kind === 'enum-value-added')?.location).toEqual({ in: 'parameter', name: 'property_type[]', parameterIn: 'query' });
    expect(changes.find((c) => c.location.in === 'document')?.text).toMatch(/1\.7\.0 → 1\.8\.0/);
  });
});
