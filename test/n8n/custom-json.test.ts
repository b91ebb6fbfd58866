import { jsonBreak } from '../../n8n-nodes/nodes/Prospecting/json-text';
import { executeNode } from './harness';
import { countOf, requestCounts, sandboxWithCredentials } from './setup';

/** Custom API Call: query or body text that is not JSON names the field and shows where it breaks; nothing is sent. */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

async function refusal(params: Record<string, unknown>): Promise<string> {
  await fetch(`${env.sandbox.admin}/requests`, { method: 'DELETE' });
  const base = { resource: 'custom', operation: 'call', version: 'v2', method: 'POST', path: '/lists', query: '{}', body: '{}' };
  let message = '';
  try {
    await executeNode({ parameters: { ...base, ...params }, credentials: env.credentials });
  } catch (error) {
    message = (error as Error).message;
  }
  const counts = await requestCounts(env.sandbox);
  expect(Object.keys(counts).reduce((n, k) => n + countOf(counts, k), 0)).toBe(0);
  return message;
}

describe('Custom API Call JSON fields', () => {
  it('a trailing comma in the body: field, line, column, excerpt and caret', async () => {
    const message = await refusal({ body: '{\n  "name": "Q3",\n  "ids": [1, 2,]\n}' });
    expect(message).toContain('body: is not valid JSON at line 3, column 16');
    expect(message).toContain('  "ids": [1, 2,]\n               ^');
    expect(message).toContain('Nothing was sent.');
  });

  it('single quotes in the query', async () => {
    const message = await refusal({ method: 'GET', path: '/lists', query: "{'limit': 5}" });
    expect(message).toMatch(/^Custom API call: query: is not valid JSON at line 1, column 2: expected a double-quoted string/);
    expect(message).toContain("{'limit': 5}\n ^");
  });

  it.each([
    ['{"a": 1', 'line 1, column 8'],
    ['{"a": tru}', 'line 1, column 7'],
    ['{"a": 1} x', 'line 1, column 10'],
    ['{"a": "line\nbreak"}', 'line 1, column 12'],
  ])('%j', async (body, where) => {
    expect(await refusal({ body })).toContain(`body: is not valid JSON at ${where}`);
  });

  it('valid JSON that is not an object names the field', async () => {
    expect(await refusal({ body: '5' })).toContain('body: must be a JSON object');
    expect(await refusal({ body: '[1]' })).toContain('body: must be a JSON object');
    expect(await refusal({ method: 'GET', query: '"x"' })).toContain('query: must be a JSON object');
  });
});

describe('jsonBreak', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]} ', '"x"', '0']) expect(jsonBreak(text)).toBeUndefined();
  });
  it('long lines are cut around the place', () => {
    const broken = jsonBreak(`{"a": "${'x'.repeat(200)}" "b": 1}`)!;
    expect(broken.excerpt.split('\n')[0].length).toBeLessThanOrEqual(62);
    expect(broken.excerpt.split('\n')[1]).toMatch(/^ +\^$/);
  });
});
