// The files serve --watch watches for a split spec: every file its $refs reach, through the
// files they name in turn; not URLs; a missing file too (its creation fixes the build).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedRefFiles } from '../../../src/openapi/refFiles';
import { writeFiles } from '../../helpers/fixture';

describe('checkedRefFiles', () => {
  it('follows $refs from file to file, once each, and leaves URLs and the spec itself out', () => {
    const dir = writeFiles({
      'openapi.yaml': 'openapi: 3.1.0\n',
      'schemas/parcel.yaml': "Parcel:\n  type: object\n  properties:\n    zone: { $ref: './zone.yaml' }\n    owner: { $ref: 'https://schemas.example.com/owner.json' }\n",
      'schemas/zone.yaml': "type: object\nproperties:\n  parcel: { $ref: './parcel.yaml#/Parcel' }\n  spec: { $ref: '../openapi.yaml#/components' }\n",
    });
    const document = { paths: { '/parcels/{id}': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: './schemas/parcel.yaml#/Parcel' } } } }, '404': { $ref: './responses/missing.yaml' } } } } } };
    expect(checkedRefFiles(path.join(dir, 'openapi.yaml'), 'openapi: 3.1.0\n', document).sort()).toEqual([path.join(dir, 'responses/missing.yaml'), path.join(dir, 'schemas/parcel.yaml'), path.join(dir, 'schemas/zone.yaml')]);
  });
});
