/**
 * The core's JSON-Schema subset (shared/mcp/json-schema.ts) agrees with ajv, the reference validator the sandbox
 * uses, on every published tool's inputSchema: the same inputs are accepted and refused (format aside, which the core
 * leaves to the service), and each refusal names the argument path and the rule.
 */
import Ajv from 'ajv';
import { schemaIssues } from '../../shared/mcp/json-schema';
import { publishedTools } from '../../sandbox/mcp/published-tools';
import { resolveConfig } from '../../sandbox/config';

describe('schemaIssues, rule by rule', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 3 },
      n: { type: 'integer', minimum: 1, maximum: 5 },
      kind: { type: 'string', enum: ['a', 'b'] },
      ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 },
      either: { type: ['string', 'null'] },
      nested: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'], additionalProperties: false },
      free: { type: 'object', additionalProperties: { type: 'number' } },
    },
    required: ['name'],
    additionalProperties: false,
  };
  it.each([
    [{ name: 'ab' }, []],
    [{}, ['name required: is required']],
    [{ name: '' }, ['name minLength: must not be empty']],
    [{ name: 'abcd' }, ['name maxLength: must have at most 3 characters']],
    [{ name: '😀😀😀' }, []],
    [{ name: 'a', n: 0 }, ['n minimum: must be at least 1']],
    [{ name: 'a', n: 6 }, ['n maximum: must be at most 5']],
    [{ name: 'a', n: 1.5 }, ['n type: must be a whole number, not 1.5']],
    [{ name: 'a', kind: 'c' }, ['kind enum: must be one of "a", "b"']],
    [{ name: 'a', ids: [] }, ['ids minItems: must have at least 1 item']],
    [{ name: 'a', ids: [1, 2, 3] }, ['ids maxItems: must have at most 2 items']],
    [{ name: 'a', ids: [1, 'x'] }, ['ids[1] type: must be a whole number, not string']],
    [{ name: 'a', either: null }, []],
    [{ name: 'a', either: 1 }, ['either type: must be a string or null, not 1']],
    [{ name: 'a', nested: {} }, ['nested.deep required: is required']],
    [{ name: 'a', nested: { deep: true, x: 1 } }, ['nested.x additionalProperties: is not an argument of this tool (this tool takes: deep)']],
    [{ name: 'a', free: { a: 1, b: 'x' } }, ['free.b type: must be a number, not string']],
    [{ name: 'a', other: 1 }, [expect.stringMatching(/^other additionalProperties: is not an argument of this tool \(this tool takes: name, n, /)]],
    [[], [' type: must be an object, not array']],
  ])('%j', (value, expected) => {
    expect(schemaIssues(schema, value).map((i) => `${i.path} ${i.keyword}: ${i.rule}`)).toEqual(expected);
  });
});

describe('agreement with ajv on the 54 published tool schemas', () => {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const tools = publishedTools(resolveConfig());
  const samples: unknown[] = [
    {},
    { name: 'x' },
    { name: '' },
    { name: 5 },
    { limit: 0 },
    { limit: 500 },
    { limit: 501 },
    { limit: 2.5 },
    { campaignId: '12', action: 'START' },
    { campaignId: 12, action: 'start' },
    { campaignId: '' },
    { listId: '3', contactIds: [] },
    { listId: '3', contactIds: [1, 2] },
    { listId: '3', contactIds: ['1'] },
    { requestIds: ['a'] },
    { requestIds: [] },
    { searchResultIds: ['a'], waitForResults: true },
    { seniority: ['VP'], limit: 3 },
    { seniority: ['Nope'] },
    { steps: [{ type: 'call', dueDay: 1 }], name: 'x' },
    { steps: [{ type: 'call', dueDay: 0 }], name: 'x' },
    { taskId: '1', priority: 3 },
    { name: 't', taskType: 'call', contactId: 1, priority: 1 },
    { from: 'a@b.c', filters: { contactIds: [1] } },
    { from: 'a@b.c', filters: { colour: 'red' } },
    { unknown: true },
  ];
  it('accepts and refuses the same inputs for every tool', () => {
    let compared = 0;
    for (const tool of tools) {
      const check = ajv.compile(tool.inputSchema);
      for (const value of samples) {
        const ajvOk = check(value) as boolean;
        const coreOk = schemaIssues(tool.inputSchema, value).length === 0;
        if (ajvOk !== coreOk) throw new Error(`${tool.name} ${JSON.stringify(value)}: ajv ${ajvOk}, core ${coreOk}`);
        compared++;
      }
    }
    expect(tools).toHaveLength(54);
    expect(compared).toBe(54 * samples.length);
  });
});
