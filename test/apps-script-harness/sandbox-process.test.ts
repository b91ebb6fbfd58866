import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandboxProcess } from './sandbox-process';
import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `function ping(url) { var r = UrlFetchApp.fetch(url, { muteHttpExceptions: true }); return [r.getResponseCode(), r.getContentText()]; }`;

test('startSandboxProcess parses the JSON line, the script reaches the process, stop() ends it', async () => {
  const sb = await startSandboxProcess({ cwd: path.join(__dirname, 'fixtures', 'launcher-repo'), config: 'cfg.json' });
  try {
    expect(sb.info).toMatchObject({ apiKey: 'key-a', apiKeyB: 'key-b', oauth: { clientId: 'cid' }, user: { email: 'demo@example.com' } });
    const h = harness({ code: CODE });
    expect(await h.run('ping', sb.info.v1)).toEqual([200, '{"config":"cfg.json"}']);
  } finally {
    await sb.stop();
  }
  const h = harness({ code: CODE });
  expect(await h.execute({ kind: 'run', fn: 'ping', args: [sb.info.v1] })).toMatchObject({
    ok: false,
    error: { message: `Address unavailable: ${sb.info.v1}` },
  });
}, 90_000);

const realCli = path.resolve(__dirname, '..', '..', 'sandbox', 'cli.ts');
(fs.existsSync(realCli) ? test : test.skip)(
  'the real sandbox starts and prints its endpoints',
  async () => {
    const sb = await startSandboxProcess();
    try {
      expect(typeof sb.info.v1).toBe('string');
      expect(typeof sb.info.apiKey).toBe('string');
    } finally {
      await sb.stop();
    }
  },
  90_000,
);
