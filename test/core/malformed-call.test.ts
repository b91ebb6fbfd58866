import { call, catalogue, customCall, customCallSummary, ProspectingError, createClient, ValidationError, type Effect, type HttpRequest } from '../../shared';
import { allMalformedCases, operationInputs, type MalformedCase } from '../support/malformed-inputs';

/**
 * Issue 9 target: over 1,000 generated malformed inputs through the core `call`, over every catalogue
 * operation. Each is refused before any request (no http effect) with a message naming the field, or sent
 * because it is legitimate. Zero crashes: anything thrown that is not the connector's own error is one.
 */

type Outcome = { kind: 'sent'; request: HttpRequest } | { kind: 'refused'; error: ValidationError } | { kind: 'crash'; error: unknown };

/** Runs the flow until its first http effect (then stops it): nothing reaches a network. */
function drive(c: MalformedCase): Outcome {
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' } });
  try {
    const flow =
      c.operationId === customCallSummary.id
        ? customCall(client, c.input as never)
        : call(
            client,
            catalogue.find((o) => o.id === c.operationId)!,
            c.input,
          );
    let step = flow.next();
    while (!step.done) {
      const effect: Effect = step.value;
      if (effect.kind === 'http') {
        flow.return(undefined);
        return { kind: 'sent', request: effect.request };
      }
      const answer =
        effect.kind === 'now' ? Date.UTC(2026, 10, 21) : effect.kind === 'lock' ? true : effect.kind === 'store' && effect.op === 'get' ? null : undefined;
      step = flow.next(answer);
    }
    return { kind: 'crash', error: new Error('finished without a request') };
  } catch (error) {
    if (error instanceof ValidationError) return { kind: 'refused', error };
    return { kind: 'crash', error };
  }
}

const namesOne = (field: string, error: ValidationError) =>
  error.issues.some((i) => i.field === field || i.field.startsWith(`${field}[`) || i.field.startsWith(`${field}.`)) && error.message.includes(field);
const names = (c: MalformedCase, error: ValidationError) => namesOne(c.field, error) || (c.orField !== undefined && namesOne(c.orField, error));

// The custom call is its own kind, not a catalogue operation; its inputs are generated all the same.
const ids = [...catalogue.map((op) => op.id), customCallSummary.id];
const cases = allMalformedCases(ids);

describe('generated malformed inputs through the core call (issue 9)', () => {
  it('covers every catalogue operation and the custom call with over 1,000 cases', () => {
    expect(Object.keys(operationInputs).sort()).toEqual([...ids].sort());
    expect(cases.filter((c) => c.expect === 'refuse').length).toBeGreaterThan(1000);
  });

  it('every case is refused naming its field, or sent because it is legitimate; zero crashes', () => {
    const crashes: string[] = [];
    const wrong: string[] = [];
    let refused = 0;
    let sent = 0;
    for (const c of cases) {
      const outcome = drive(c);
      const where = `${c.operationId} ${c.label}`;
      if (outcome.kind === 'crash') {
        const e = outcome.error as Error;
        crashes.push(
          `${where}: ${e instanceof ProspectingError ? 'connector error' : (e?.constructor?.name ?? typeof e)} ${String(e?.message ?? e).slice(0, 160)}`,
        );
      } else if (outcome.kind === 'refused') {
        refused++;
        if (c.expect === 'send') wrong.push(`${where}: refused a legitimate input: ${outcome.error.message.slice(0, 200)}`);
        else if (!names(c, outcome.error)) wrong.push(`${where}: the refusal does not name ${c.field}: ${outcome.error.message.slice(0, 200)}`);
        else if (!/Nothing was sent/.test(outcome.error.message)) wrong.push(`${where}: the message does not say nothing was sent`);
      } else {
        sent++;
        if (c.expect === 'refuse')
          wrong.push(`${where}: sent ${outcome.request.method} ${outcome.request.url.slice(0, 80)} ${String(outcome.request.body).slice(0, 120)}`);
        // A legitimate input never reaches the wire as a stringified object or number.
        else if (/\[object Object\]|"NaN"|:NaN|undefined/.test(`${outcome.request.url} ${outcome.request.body ?? ''}`))
          wrong.push(`${where}: sent garbage ${outcome.request.body}`);
      }
    }
    expect(crashes).toEqual([]);
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(1000);
    expect(sent).toBeGreaterThan(100);
  });
});
