import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import type { RunningSandbox } from '../../sandbox/index';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('bad input (spec 7; DECISIONS: status codes)', () => {
  it('7: malformed JSON is 400 with a message', async () => {
    const r = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Malformed JSON/);
  });

  it('7: a JSON body that is not an object is 422 naming body', async () => {
    const r = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, body: ['x'] });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^body: must be a JSON object/);
    expect((await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey })).body.message).toMatch(/^body: required/);
  });

  it('DECISIONS: a body that is not JSON is 415', async () => {
    const r = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
  });

  it('limits: a body over 1 MiB is 413, and the server keeps serving', async () => {
    const r = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, body: { name: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/exceeds/);
    expect((await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).status).toBe(200);
  });

  it('routes: unknown paths are 404 and wrong methods 405, with {message}', async () => {
    const a = await call('GET', `${sb.v2}/nothing-here`, { key: sb.apiKey });
    expect(a.status).toBe(404);
    expect(typeof a.body.message).toBe('string');
    const b = await call('PATCH', `${sb.v2}/lists`, { key: sb.apiKey });
    expect(b.status).toBe(405);
  });

  it('robustness: garbage on the socket and hostile values do not crash the server or change state', async () => {
    await new Promise<void>((done) => {
      const s = connect(sb.port, '127.0.0.1', () => s.write('\x00\x01GARBAGE / HTTP/9\r\n\r\n'));
      s.on('data', () => undefined);
      s.on('close', () => done());
      s.on('error', () => done());
    });
    const hostile = [{ name: { toString: 1 } }, { name: null }, { name: 12 }, { __proto__: { polluted: true }, name: 'ok' }];
    for (const body of hostile)
      await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    await call('GET', `${sb.v2}/lists/%E0%A4%A`, { key: sb.apiKey });
    await call('GET', `${sb.v1}/contacts?startDate=${'9'.repeat(5000)}&endDate=x`, { key: sb.apiKey });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call('GET', `${sb.v2}/oauth/me`, { key: sb.apiKey })).status).toBe(200);
  });
});

describe('CLI (issue 3)', () => {
  it('npm run sandbox: prints exactly one JSON line with the addresses and credentials, logs to stderr, stops on SIGTERM', async () => {
    const root = resolve(__dirname, '../..');
    const child = spawn(
      process.execPath,
      [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--contacts', '200', '--companies', '40'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const line = await new Promise<string>((res, rej) => {
      const t = setTimeout(() => rej(new Error('no output')), 20000);
      child.stdout.on('data', () => {
        if (out.includes('\n')) {
          clearTimeout(t);
          res(out.split('\n')[0]);
        }
      });
    });
    const info = JSON.parse(line);
    expect(Object.keys(info)).toEqual(['v1', 'v2', 'auth', 'mcp', 'admin', 'apiKey', 'apiKeyB', 'oauth', 'user']);
    expect(info.mcp).toMatch(/\/mcp$/);
    const r = await call('GET', `${info.v2}/oauth/me`, { key: info.apiKey });
    expect(r.body.email).toBe(info.user.email);
    const code = await new Promise<number | null>((res) => {
      child.on('exit', (c) => res(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
  }, 30000);
});
