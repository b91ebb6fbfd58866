/** Issue 10: `call` validates an input once; the request carries the parsed input as parsed, not parsed a second time. */
import * as z from '../../shared/validation/zod';
import { call, createClient, defineOperation, operation, runSync, type AnyOperation } from '../../shared';
import { json, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'key-abcdef-123' }, random: () => 0 });

describe('input validation happens once per call', () => {
  it('a schema whose parse is not idempotent (it appends a mark) sends the value marked once', () => {
    let parses = 0;
    const renameMarked = defineOperation({
      ...operation('lists.rename'),
      id: 'lists.renameMarked',
      input: z.strictObject({
        id: z.string(),
        name: z.pipe(
          z.string(),
          z.transform((name) => {
            parses++;
            return `${name}!`;
          }),
        ),
      }),
    }) as AnyOperation;
    const host = scriptedHost([
      json(200, { success: true, data: { listId: '7', name: 'Q4!', createdAt: '2026-11-23T00:00:00Z', updatedAt: '2026-11-23T00:00:00Z' } }),
    ]);
    runSync(call(client(), renameMarked, { id: '7', name: 'Q4' }), host.sync);
    expect(JSON.parse(host.log[0].body!)).toEqual({ name: 'Q4!' });
    expect(parses).toBe(1);
  });
});
