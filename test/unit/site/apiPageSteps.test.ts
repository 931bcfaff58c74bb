// The API pages are made in steps (src/steps.ts), so that a signal stops a large spec's site stage
// between two pages: the operation pages, and the schema pages' trees and bodies too.
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/resolve';
import { createExampleFiles } from '../../../src/openapi/exampleFiles';
import { createSpecMarkdown } from '../../../src/openapi/markdown';
import { buildApiModel } from '../../../src/openapi/model';
import { defaultMessages } from '../../../src/shared/messages';
import type { PageModel } from '../../../src/shared/viewModels';
import { apiPageSteps } from '../../../src/site/apiRoutes';
import { repoRoot } from '../../helpers/fixture';

const config = resolveConfig({ title: 'Hyperlocal', url: 'https://docs.test.example', navbar: { items: [] }, footer: {}, openapi: { spec: 'openapi.yaml' } } as never, '/site/docsgen.config.ts');
const head = (title: string, route: string, description: string): PageModel['head'] => ({ title, description, canonical: `https://docs.test.example${route}`, ogType: 'website', noindex: false, keywords: [] });

describe('the API pages in steps', () => {
  it('make one operation page a step, and each schema page\'s tree, then each schema page, in a step of its own', () => {
    const document = loadYaml(fs.readFileSync(path.join(repoRoot, 'fixtures/hyperlocal-openapi.yaml'), 'utf8')) as Record<string, any>;
    const model = buildApiModel(document, { onDuplicateRoutes: 'warn', source: 'openapi.yaml' }).model;
    expect(model.schemas.length).toBeGreaterThan(5);
    // What each step made, through the `keep` every made page goes through.
    const made: string[][] = [[]];
    const keep = (page: PageModel) => {
      made.at(-1)!.push(page.body.kind);
      return page;
    };
    const stage = apiPageSteps(config, model, document, createSpecMarkdown(config, '/site/openapi.yaml', document), head, createExampleFiles(), defaultMessages, keep);
    let next = stage.next();
    for (; !next.done; next = stage.next()) made.push([]);
    const operations = made.filter((step) => step.includes('apiOperation')).length;
    const schemas = made.filter((step) => step.includes('apiSchema'));
    expect(operations).toBe(model.operations.length);
    expect(schemas.length).toBe(model.schemas.length);
    expect(schemas.every((step) => step.length === 1)).toBe(true);
    // Between the last operation page and the first schema page: a step per schema tree.
    const firstSchema = made.findIndex((step) => step.includes('apiSchema'));
    const lastOperation = made.findLastIndex((step) => step.includes('apiOperation'));
    expect(firstSchema - lastOperation).toBeGreaterThanOrEqual(model.schemas.length);
    expect(next.value.filter((page) => page.body.kind === 'apiSchema')).toHaveLength(model.schemas.length);
  });
});
