/**
 * Issue 31: a tool answer with only the service's human-readable text (no structuredContent) is read into rows and
 * a total. A newline inside a cell does not split the record, the "Pagination: total: N" footer is the total and
 * never a row, ids keep every digit. Read from hand-written answers and from the sandbox's own text with its
 * structuredContent taken away on the way back.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { call, createClient, operation, runAsync, type AsyncHost, type Client, type Flow } from '../../shared';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { readMarkdownTable } from '../../shared/mcp/markdown-table';

describe('readMarkdownTable', () => {
  it('one row: the cells under their headers, ids as the same text, the footer as the total', () => {
    const text = 'contactId | fullName | isPublic | tags\n--- | --- | --- | ---\n5946372972 | Ada Lovelace | true | ["a","b"]\n\nPagination: total: 1';
    expect(readMarkdownTable(text)).toEqual({
      results: [{ contactId: '5946372972', fullName: 'Ada Lovelace', isPublic: true, tags: ['a', 'b'] }],
      pagination: { total: 1 },
    });
  });

  it('many rows, and a total larger than the page: the footer is never a row', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${90000000001 + i} | Name ${i}`);
    const read = readMarkdownTable(['id | name', '--- | ---', ...rows, '', 'Pagination: total: 250'].join('\n'))!;
    expect(read.results).toHaveLength(12);
    expect(read.results[11]).toEqual({ id: '90000000012', name: 'Name 11' });
    expect(read.pagination).toEqual({ total: 250 });
    expect(read.results.some((r) => JSON.stringify(r).includes('Pagination'))).toBe(false);
  });

  it('a newline inside a cell stays in that cell: the record is not split and no cell moves under another header', () => {
    const text = [
      'contactId | companyDescription | city',
      '--- | --- | ---',
      '5946372972 | Since Brasfield & Gorrie started in 1964,',
      'it has grown. | Birmingham',
      '5946372973 | One line | Austin\nTexas',
      '5946372974 | Two\n\nparagraphs | ',
      '',
      'Pagination: total: 3',
    ].join('\n');
    expect(readMarkdownTable(text)).toEqual({
      results: [
        { contactId: '5946372972', companyDescription: 'Since Brasfield & Gorrie started in 1964,\nit has grown.', city: 'Birmingham' },
        { contactId: '5946372973', companyDescription: 'One line', city: 'Austin\nTexas' },
        { contactId: '5946372974', companyDescription: 'Two\n\nparagraphs', city: null },
      ],
      pagination: { total: 3 },
    });
  });

  it('an escaped pipe is a pipe inside the cell; no rows is an empty page with its total; plain text is not a table', () => {
    expect(readMarkdownTable('id | note\n--- | ---\n7 | a \\| b\n\nPagination: total: 1')!.results).toEqual([{ id: '7', note: 'a | b' }]);
    expect(readMarkdownTable('No results.\n\nPagination: total: 0')).toEqual({ results: [], pagination: { total: 0 } });
    expect(readMarkdownTable('List deleted.')).toBeNull();
  });
});

describe('mcp.callTool given the text alone', () => {
  let sb: RunningSandbox;
  const base = nodeFetchHost();
  // The sandbox's answers with structuredContent taken out: what a text-only answer looks like to the client.
  const host: AsyncHost = {
    ...base,
    fetch: async (request) => {
      const response = await base.fetch(request);
      if (request.endpoint !== 'POST /mcp' || !response.body.startsWith('{')) return response;
      const rpc = JSON.parse(response.body) as { result?: Record<string, unknown> };
      if (rpc.result && 'content' in rpc.result) delete rpc.result.structuredContent;
      return { ...response, body: JSON.stringify(rpc) };
    },
  };
  const run = <T>(flow: Flow<T>) => runAsync(flow, host);
  let client: Client;
  const tool = (name: string, args: Record<string, unknown> = {}) =>
    run(call(client, operation('mcp.callTool'), { tool: name, arguments: args })) as Promise<{
      results: Record<string, unknown>[];
      pagination: { total: number };
    }>;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, contacts: 300, companies: 60, log: () => undefined });
    client = createClient({ auth: { type: 'apiKey', apiKey: sb.apiKey }, settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, mcpUrl: sb.mcp, retryBackoffMs: 0 } });
  });
  afterAll(() => sb.close());

  it('a list answer: every row with its ids as text, and the total', async () => {
    const lists = await tool('get_lists');
    expect(lists.results.length).toBeGreaterThanOrEqual(2);
    expect(lists.pagination.total).toBe(lists.results.length);
    for (const row of lists.results) expect(row.listId).toMatch(/^\d+$/);
  });

  it('one record read through its listing tool: one row; a name with a newline stays one record', async () => {
    const made = (await tool('create_list', { name: 'Line one\nline two' })) as unknown as { results: Record<string, unknown>[] };
    const listId = made.results[0].listId as string;
    const one = await tool('get_lists', { listId: Number(listId) });
    expect(one).toEqual({ results: [expect.objectContaining({ listId, name: 'Line one\nline two' })], pagination: { total: 1 } });
  });
});
