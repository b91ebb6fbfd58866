import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { properties } from '../../n8n-nodes/nodes/Prospecting/description';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

/**
 * Issue 15: the published enums feed the node's options. A list of values from a set is a multi-select;
 * a comma text saved by an older version of the node still runs.
 */
function searchField(resource: string, name: string): INodeProperties {
  const collection = properties.find(
    (p) => p.name === 'additionalFields' && p.displayOptions?.show?.resource?.[0] === resource && p.displayOptions?.show?.operation?.[0] === 'search',
  );
  const field = (collection?.options as INodeProperties[] | undefined)?.find((o) => o.name === name);
  if (!field) throw new Error(`no ${resource} search field ${name}`);
  return field;
}

const valuesOf = (p: INodeProperties) => ((p.options ?? []) as { value: string }[]).map((o) => o.value).sort();

describe('search filter fields from the published enums', () => {
  it.each<[string, string, number]>([
    ['contacts', 'seniority', 8],
    ['contacts', 'department', 11],
    ['contacts', 'companySize', 9],
    ['contacts', 'companyRevenue', 9],
    ['contacts', 'companyFoundedOn', 4],
    ['contacts', 'newsTypes', 8],
    ['contacts', 'companyLatestFundingClassifications', 14],
    ['companies', 'companySize', 9],
    ['companies', 'foundedOn', 4],
    ['companies', 'latestFundingTotals', 9],
  ])('%s %s is a multi-select of the %d published values', (resource, name, count) => {
    const field = searchField(resource, name);
    expect(field.type).toBe('multiOptions');
    expect(field.default).toEqual([]);
    expect(field.options).toHaveLength(count);
  });

  it('sizes and revenues are the published forms', () => {
    expect(valuesOf(searchField('contacts', 'companySize'))).toContain('201 - 500');
    expect(valuesOf(searchField('companies', 'companyRevenue'))).toContain('$5M - $20M');
  });

  it('single choices are options, with the published default', () => {
    const location = searchField('contacts', 'locationType');
    expect(location.type).toBe('options');
    expect(location.default).toBe('bothOR');
    expect(searchField('contacts', 'companyType').type).toBe('options');
    expect(searchField('companies', 'companyNameSearchType').default).toBe('default');
    expect(searchField('contacts', 'jobChanges').type).toBe('json');
    expect(searchField('contacts', 'technologiesIsOr').type).toBe('boolean');
  });

  it('free-text filters stay comma text', () => {
    expect(searchField('contacts', 'jobTitle').type).toBe('string');
  });
});

describe('running a search with picked values and with an older comma text', () => {
  let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
  beforeAll(async () => {
    env = await sandboxWithCredentials();
  });
  afterAll(async () => env.sandbox.close());

  const search = async (additionalFields: INodeParameters) =>
    (
      await executeNode({
        parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 20, additionalFields },
        credentials: env.credentials,
      })
    ).map((i) => i.json);

  it('a multi-select value (an array) and a saved comma text find the same people', async () => {
    const picked = await search({ seniority: ['VP', 'Director'] });
    const saved = await search({ seniority: 'VP, Director' });
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.map((r) => r.searchResultId)).toEqual(saved.map((r) => r.searchResultId));
    for (const row of picked) expect(['VP', 'Director']).toContain(row.seniority);
  });

  it('a value outside the set is refused before sending, with the right value suggested', async () => {
    await expect(search({ seniority: ['vp'] })).rejects.toThrow(/seniority\[0\].*did you mean "VP"/);
  });
});
