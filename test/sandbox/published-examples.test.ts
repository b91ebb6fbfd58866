/**
 * Every published example request (the `examples` of the published v1 description, copied into
 * test/fixtures/published) is accepted by the sandbox (issue 15, "Done when"). Search examples are sent to both bases.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { EXAMPLES, publishedErrors } from '../support/published-schemas';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const bodyExamples = Object.entries(EXAMPLES).filter(([name]) => /^POST /.test(name) && !/ 202 example$/.test(name));

describe('published example requests are accepted', () => {
  it('the fixture holds the published examples (2 searches, 3 contact research, 3 company research bodies)', () => {
    expect(bodyExamples.map(([name]) => name.split(' ')[1])).toEqual([
      '/search/contacts',
      '/contacts/research',
      '/contacts/research',
      '/contacts/research',
      '/companies/research',
      '/companies/research',
      '/companies/research',
      '/search/companies',
    ]);
  });

  for (const [name, body] of bodyExamples) {
    const path = name.split(' ')[1];
    const versions = path.startsWith('/search/') ? (['v1', 'v2'] as const) : (['v1'] as const);
    for (const version of versions) {
      it(`published example "${name}" is accepted on ${version}`, async () => {
        const r = await call('POST', `${sb[version]}${path}`, { key: sb.apiKey, body });
        expect({ status: r.status, body: r.status >= 400 ? r.body : 'ok' }).toEqual({ status: path.startsWith('/search/') ? 200 : 202, body: 'ok' });
        const schema = `POST ${path} ${path.startsWith('/search/') ? 200 : 202}`;
        expect(publishedErrors(schema, r.body)).toEqual([]);
      });
    }
  }

  it('published examples "GET /contacts/research/poll requestIds" and "GET /companies/research/poll requestIds" are accepted (missing)', async () => {
    for (const kind of ['contacts', 'companies']) {
      const ids = EXAMPLES[`GET /${kind}/research/poll requestIds`] as string;
      const r = await call('GET', `${sb.v1}/${kind}/research/poll?requestIds=${ids}`, { key: sb.apiKey });
      expect(r.status).toBe(200);
      expect(r.body.data.map((d: { status: string }) => d.status)).toEqual(ids.split(',').map(() => 'missing'));
      expect(publishedErrors(`GET /${kind}/research/poll 200`, r.body)).toEqual([]);
    }
  });

  it('published example "GET /contacts|/companies query" is accepted by both org reads', async () => {
    const example = EXAMPLES['GET /contacts|/companies query'] as Record<string, unknown>;
    const query = new URLSearchParams(Object.entries(example).map(([k, v]): [string, string] => [k, String(v)])).toString();
    for (const kind of ['contacts', 'companies']) {
      const r = await call('GET', `${sb.v1}/${kind}?${query}`, { key: sb.apiKey });
      expect(r.status).toBe(200);
      expect(publishedErrors(`GET /${kind} 200`, r.body)).toEqual([]);
    }
  });
});
