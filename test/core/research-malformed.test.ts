/**
 * Over 1,000 generated research inputs through the core's entry point (newResearchJob + runResearch). Each
 * is refused before any request with a message naming the field, or sent; zero crashes (any error that is
 * not the connector's counts as one). The scripted service validates with the sandbox's reading of the
 * service's rules, so "sent" also means "the service accepts it", and every refusal of a field combination
 * is checked against the same rules: client and service agree on what an item may hold.
 */
import { createClient, newResearchJob, ProspectingError, runSync, runResearch, type HttpRequest } from '../../shared';
import { Clock } from '../../sandbox/clock';
import { resolveConfig } from '../../sandbox/config';
import { parseCompanyResearch, parseContactResearch } from '../../sandbox/domain/research-input';
import { HttpError } from '../../sandbox/errors';
import { createState } from '../../sandbox/seed/fixtures';
import { malformedResearchCases, type MalformedCase } from '../support/malformed-research';
import { json, scriptedHost } from '../support/scripted-host';

const state = createState(resolveConfig(), new Clock(), { seed: 7, contacts: 40, companies: 10 });

/** The sandbox's verdict on one request body: null when accepted, else its 422 message. */
function serviceVerdict(kind: string, body: unknown): string | null {
  try {
    if (kind === 'contacts') parseContactResearch(state, body);
    else parseCompanyResearch(state, body);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

function service() {
  const refusals: string[] = [];
  let n = 0;
  const responder = (req: HttpRequest) => {
    const kind = req.url.includes('/contacts/') ? 'contacts' : 'companies';
    if (req.method === 'GET') return json(200, { success: true, data: [] });
    const body = JSON.parse(req.body ?? 'null') as { searchResultIds?: unknown[]; contacts?: unknown[]; companies?: unknown[] };
    const refused = serviceVerdict(kind, body);
    if (refused) {
      refusals.push(refused);
      return json(422, { message: refused });
    }
    const items = body.searchResultIds ?? body.contacts ?? body.companies ?? [];
    return json(202, { success: true, requestIds: items.map(() => `r${++n}`) }, { 'x-publicapi-credits': '100000' });
  };
  return { responder, refusals };
}

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });

type Verdict = { sent: boolean; error?: unknown; requests: number; refusals: string[] };

function attempt(c: MalformedCase): Verdict {
  const svc = service();
  const host = scriptedHost(svc.responder);
  try {
    const job = newResearchJob(c.kind, c.targets as never, c.jobOptions as never);
    // A short limit: cases that wait poll once or twice against a service that reports nothing.
    const opts = c.runOptions === undefined ? { waitForResults: false } : c.runOptions;
    runSync(runResearch(client(), job, opts as never), host.sync);
    return { sent: true, requests: host.log.length, refusals: svc.refusals };
  } catch (error) {
    return { sent: false, error, requests: host.log.length, refusals: svc.refusals };
  }
}

/** What the service says about the item of a one-target case, when it is plain JSON. */
function serviceOnTarget(c: MalformedCase): string | null | undefined {
  if (!Array.isArray(c.targets) || c.targets.length !== 1) return undefined;
  const t = c.targets[0] as Record<string, unknown>;
  if ('contact' in t) return serviceVerdict('contacts', { contacts: [t.contact] });
  if ('company' in t) return serviceVerdict('companies', { companies: [t.company] });
  return undefined;
}

const cases = malformedResearchCases();

it('generates over 1,000 cases', () => {
  expect(cases.length).toBeGreaterThan(1000);
});

it('every case is refused before sending (naming the field) or sent and accepted by the service; no crash', () => {
  const crashes: string[] = [];
  const wrong: string[] = [];
  let refused = 0;
  let sent = 0;
  for (const c of cases) {
    const v = attempt(c);
    if (!v.sent) {
      if (!(v.error instanceof ProspectingError)) {
        crashes.push(`${c.name}: ${String(v.error)}`);
        continue;
      }
      refused++;
      const message = v.error.message;
      if (v.requests !== 0) wrong.push(`${c.name}: refused after ${v.requests} requests`);
      if (c.field !== undefined && !message.includes(c.field)) wrong.push(`${c.name}: message does not name ${c.field}: ${message.slice(0, 200)}`);
      if (message.length > 2000) wrong.push(`${c.name}: message of ${message.length} characters`);
      // A combination we refuse must be one the service refuses too (unless only our length cap refuses it).
      if (c.field === undefined && !c.capped && !/maxCredits|waitForResults|timeLimitMs/.test(message) && serviceOnTarget(c) === null) {
        wrong.push(`${c.name}: refused by the client, accepted by the service: ${message}`);
      }
    } else {
      sent++;
      if (c.field !== undefined) wrong.push(`${c.name}: sent, but ${c.field} is invalid`);
      if (v.refusals.length) wrong.push(`${c.name}: sent something the service refused: ${v.refusals[0]}`);
    }
  }
  expect(crashes).toEqual([]);
  expect(wrong).toEqual([]);
  // Both kinds of answer occur: the generator is not one-sided.
  expect(refused).toBeGreaterThan(700);
  expect(sent).toBeGreaterThan(100);
});
