/**
 * Issue 21, point 2: every unsafe operation (send, create, start, research submit, add) that fails in a way that may
 * have acted (a lost answer, a 5xx, an unreadable 2xx) ends with the one "unknown" outcome: `outcome: 'unknown'`, the
 * operation's id and the shared words in the message. A failure that cannot have acted, or of a safe operation, is
 * 'failed'. The count of a safe add repeated after a lost answer is stated as uncertain.
 */
import { call, catalogue, createClient, operation, runSync, UNKNOWN_OUTCOME_TEXT, type HttpRequest, type HttpResponse } from '../../shared';
import { operationInputs } from '../support/malformed-inputs';
import { json, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { maxRetryTries: 2, retryBackoffMs: 1 } });

const lost: HttpResponse = { status: 0, headers: {}, body: '', failure: { code: 'ECONNRESET', message: 'socket hang up', maybeSent: true } };
const refusedBeforeSending: HttpResponse = { status: 0, headers: {}, body: '', failure: { code: 'ECONNREFUSED', message: 'refused', maybeSent: false } };
const faults: Record<string, HttpResponse> = {
  '500': json(500, { message: 'internal' }),
  '503': json(503, { message: 'unavailable' }),
  'lost answer': lost,
  'not JSON': { status: 200, headers: {}, body: '<html>' },
};

/** The operation's own request (method and path template), not a look-up made before it (features, pickers). */
const isTarget = (op: { method: string; path: string }, req: HttpRequest) =>
  req.method === op.method && new RegExp(`${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(new URL(req.url).pathname);

function failWith(opId: string, fault: HttpResponse) {
  const op = operation(opId as never);
  const base = operationInputs[opId]?.bases[0] ?? {};
  const host = scriptedHost((req) => (isTarget(op, req) ? fault : json(200, { success: true, data: { features: {} } })));
  try {
    runSync(call(client(), op, base), host.sync);
    return { error: null, sent: host.log.filter((r) => isTarget(op, r)).length };
  } catch (error) {
    return { error: error as Error & { outcome?: string; operation?: string }, sent: host.log.filter((r) => isTarget(op, r)).length };
  }
}

const unsafe = Object.values(catalogue).filter((op) => op.retry === 'unsafe' && !op.mcp && op.auth === 'required' && operationInputs[op.id]);

it('covers the unsafe operations', () => {
  expect(unsafe.length).toBeGreaterThan(15);
});

describe.each(Object.entries(faults))('an unsafe operation meeting %s', (_name, fault) => {
  it.each(unsafe.map((op) => op.id))('%s ends unknown, sent once', (opId) => {
    const { error, sent } = failWith(opId, fault);
    // A create or research whose 2xx cannot be read is kept as a warning (the service acted): not an error.
    if (error === null) return expect(fault.status).toBe(200);
    expect(sent).toBe(1);
    expect(error.outcome).toBe('unknown');
    expect(error.operation).toBe(opId);
    expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
  });
});

it('a failure that cannot have acted is "failed": refused before sending, a 422, a safe read', () => {
  const send = unsafe.find((op) => op.id === 'emails.send') ?? unsafe[0];
  const notSent = failWith(send.id, refusedBeforeSending).error;
  expect(notSent?.outcome).toBe('failed');
  expect(notSent?.message).not.toContain(UNKNOWN_OUTCOME_TEXT);
  expect(failWith(send.id, json(422, { message: 'bad' })).error?.outcome).toBe('failed');
  const read = failWith('campaigns.get', json(500, { message: 'internal' })).error;
  expect(read?.outcome).toBe('failed');
  expect(read?.message).not.toContain(UNKNOWN_OUTCOME_TEXT);
});

it('lists.addContacts repeated after a lost answer says its count is uncertain', () => {
  const answers = [lost, json(200, { success: true, data: { contactsAdded: 0 } })];
  const host = scriptedHost(() => answers.shift() ?? json(500, {}));
  const result = runSync(call(client(), operation('lists.addContacts'), { id: 7, contactIds: [1, 2, 3] }), host.sync) as Record<string, unknown>;
  expect(host.log).toHaveLength(2);
  expect(result).toMatchObject({ contactsAdded: 0, countUncertain: true });
  expect(result.countNote).toMatch(/contactsAdded may be lower/);
});

it('lists.addContacts answered at the first try states its count plainly', () => {
  const host = scriptedHost(() => json(200, { success: true, data: { contactsAdded: 3 } }));
  const result = runSync(call(client(), operation('lists.addContacts'), { id: 7, contactIds: [1, 2, 3] }), host.sync);
  expect(result).toEqual({ contactsAdded: 3 });
});
