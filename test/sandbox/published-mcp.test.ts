/** MCP org reads as published: get_my_contacts / get_my_companies refuse a range over 30 days (issue 15). */
import type { RunningSandbox } from '../../sandbox/index';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

let nextId = 1;
const tool = async (name: string, args: unknown) => {
  const body = { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } };
  return (await call('POST', sb.mcp, { key: sb.apiKey, body })).body;
};
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('published MCP get_my_contacts / get_my_companies: at most 30 days per call', () => {
  for (const name of ['get_my_contacts', 'get_my_companies']) {
    it(`published 30-day range of ${name}: 31 days is refused naming startDate and endDate; exactly 30 days is served`, async () => {
      const end = Date.now();
      const over = await tool(name, { startDate: iso(end - 31 * DAY), endDate: iso(end) });
      expect(over.error.code).toBe(-32602);
      expect(over.error.message).toMatch(/^startDate, endDate: the range must be at most 30 days/);
      const ok = await tool(name, { startDate: iso(end - 30 * DAY), endDate: iso(end) });
      expect(ok.error).toBeUndefined();
      expect(ok.result.structuredContent.results).toEqual(expect.any(Array));
    });

    it(`published 30-day range of ${name}: without dates it reads the last 30 days, and only endDate reads the 30 days before it`, async () => {
      const all = await tool(name, {});
      expect(all.error).toBeUndefined();
      expect(all.result.structuredContent.results.length).toBeGreaterThan(0);
      for (const r of all.result.structuredContent.results) expect(Date.now() - Date.parse(r.updatedAt)).toBeLessThanOrEqual(30 * DAY + 60_000);
      const old = await tool(name, { endDate: iso(Date.now() - 40 * DAY) });
      expect(old.error).toBeUndefined();
      expect(old.result.structuredContent.results.length).toBeGreaterThan(0);
      for (const r of old.result.structuredContent.results) {
        const age = Date.now() - Date.parse(r.updatedAt);
        expect(age).toBeGreaterThanOrEqual(40 * DAY - 60_000);
        expect(age).toBeLessThanOrEqual(70 * DAY + 60_000);
      }
    });
  }
});
