import * as crypto from 'node:crypto';
import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function install() {
  ScriptApp.newTrigger('tick').timeBased().everyHours(1).create();
  return ScriptApp.getProjectTriggers().map(function (t) { return [t.getHandlerFunction(), t.getEventType()]; });
}
function installMinutes() { ScriptApp.newTrigger('tick').timeBased().everyMinutes(5).create(); }
function installOnceIn(ms) { ScriptApp.newTrigger('tick').timeBased().after(ms).create(); }
function tick(e) {
  var p = PropertiesService.getUserProperties();
  p.setProperty('ticks', String(Number(p.getProperty('ticks') || 0) + 1));
  p.setProperty('uid', e.triggerUid);
  p.setProperty('who', Session.getActiveUser().getEmail());
}
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); return ScriptApp.getProjectTriggers().length; }
function startAuth() {
  return ScriptApp.newStateToken().withMethod('authCallback').withArgument('provider', 'pds').withTimeout(120).createToken();
}
function authCallback(request) {
  PropertiesService.getUserProperties().setProperty('code', request.parameter.code);
  return HtmlService.createHtmlOutput('Connected ' + request.parameter.provider + ' ' + (request.parameter.state ? 'with state' : ''));
}
function customTrigger() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
function whoAmI() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), Session.getTemporaryActiveUserKey().length > 10, Session.getScriptTimeZone()]; }
function template() {
  var t = HtmlService.createTemplateFromFile('Page');
  t.name = '<Ada & "Bob">';
  t.items = ['a', 'b'];
  var out = t.evaluate().setTitle('T').setWidth(300);
  return [out.getContent(), out.getTitle(), out.getWidth()];
}
function include(name) { return HtmlService.createHtmlOutputFromFile(name).getContent(); }
function missingFile() { HtmlService.createHtmlOutputFromFile('Nope'); }
function utils() {
  var b64 = Utilities.base64Encode('hé/?');
  return {
    b64: b64,
    back: Utilities.newBlob(Utilities.base64Decode(b64)).getDataAsString(),
    webSafe: Utilities.base64EncodeWebSafe([251, 255]),
    sha256: Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc').slice(0, 4),
    hmac: Utilities.base64Encode(Utilities.computeHmacSha256Signature('msg', 'key')),
    uuid: /^[0-9a-f-]{36}$/.test(Utilities.getUuid()),
    date: Utilities.formatDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 'America/New_York', "yyyy-MM-dd'T'HH:mm:ss Z"),
    fmt: Utilities.formatString('%s has %d items', 'cart', 3.7),
    csv: Utilities.parseCsv('a,"b,c"\\n1,2'),
  };
}
`;

const FILES = {
  'Page.html':
    '<h1>Hello <?= name ?></h1><? for (var i = 0; i < items.length; i++) { ?><li><?= items[i] ?></li><? } ?><style><?!= include("Styles") ?></style>',
  'Styles.html': 'b{color:red}',
};

test('a time-driven trigger created by the script fires on the harness clock, as its owner', async () => {
  const h = harness({ code: CODE, user: 'a@x.test' });
  expect(await h.run('install')).toEqual([['tick', 'CLOCK']]);
  expect(await h.fireTriggers()).toEqual([]); // not due yet
  h.clock.advance(3_600_000);
  h.setUser('b@x.test');
  const fired = await h.fireTriggers();
  expect(fired).toHaveLength(1);
  expect(fired[0]).toMatchObject({ ok: true, kind: 'trigger', fn: 'tick', user: 'a@x.test' });
  expect(h.properties.user('a@x.test').all()).toEqual({ ticks: '1', uid: h.triggers[0].id, who: 'a@x.test' });
  h.clock.advance(2 * 3_600_000);
  await h.fireTriggers();
  expect(h.properties.user('a@x.test').all().ticks).toBe('2'); // missed periods are not replayed
  h.setUser('a@x.test');
  expect(await h.run('removeAll')).toBe(0);
});

test('add-on trigger rules: at most hourly, one per type per user; custom functions cannot install triggers', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('installMinutes')).rejects.toThrow('Add-ons can only create time-based triggers that run at most once per hour.');
  await h.run('install');
  await expect(h.run('install')).rejects.toThrow(/only have one trigger of each type/);
  await expect(h.callCustomFunction('customTrigger')).rejects.toThrow('You do not have permission to call ScriptApp.newTrigger');
  const plain = harness({ code: CODE, addOn: false });
  await plain.run('installMinutes');
  expect(plain.triggers[0].everyMs).toBe(300_000);
});

test('add-on rule covers one-off triggers: after() sooner than an hour is refused, an hour or later is kept', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('installOnceIn', 60_000)).rejects.toThrow('Add-ons can only create time-based triggers that run at most once per hour.');
  await expect(h.run('installOnceIn', 3_599_000)).rejects.toThrow('at most once per hour');
  expect(h.triggers).toHaveLength(0);
  await h.run('installOnceIn', 3_600_000);
  expect(h.triggers[0].everyMs).toBeNull();
  expect(h.triggers[0].nextRunAt! - h.clock.now()).toBeGreaterThan(3_590_000);
  const plain = harness({ code: CODE, addOn: false });
  await plain.run('installOnceIn', 60_000);
  expect(plain.triggers[0].nextRunAt! - plain.clock.now()).toBeLessThanOrEqual(60_000);
});

test('a state token routes harness.callback to the named function with a usercallback-like request', async () => {
  const h = harness({ code: CODE, user: 'a@x.test' });
  const token = (await h.run('startAuth')) as string;
  expect(await h.callback(token, { code: 'auth-code-1' })).toMatchObject({ content: 'Connected pds with state' });
  expect(h.properties.user('a@x.test').all()).toEqual({ code: 'auth-code-1' });
  h.clock.advance(121_000);
  await expect(h.callback(token, { code: 'late' })).rejects.toThrow('The state token is invalid or has expired. Please try again.');
});

test('Session: the active user is anonymous in custom functions', async () => {
  const h = harness({ code: CODE, user: 'a@x.test', timeZone: 'Europe/Paris' });
  expect(await h.run('whoAmI')).toEqual(['a@x.test', 'a@x.test', true, 'Europe/Paris']);
  expect(await h.callCustomFunction('whoAmI')).toEqual(['', 'a@x.test', false, 'Europe/Paris']);
});

test('HtmlService templates: <?= ?> escapes, <?!= ?> does not, <? ?> runs code; script globals are visible', async () => {
  const h = harness({ code: CODE, files: FILES });
  expect(await h.run('template')).toEqual(['<h1>Hello &lt;Ada &amp; &quot;Bob&quot;&gt;</h1><li>a</li><li>b</li><style>b{color:red}</style>', 'T', 300]);
  await expect(h.run('missingFile')).rejects.toThrow('No HTML file named Nope was found.');
});

test('Utilities: base64, digests, HMAC, uuid, formatDate, formatString, parseCsv', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('utils')).toEqual({
    b64: Buffer.from('hé/?').toString('base64'),
    back: 'hé/?',
    webSafe: '-_8=',
    sha256: [-70, 120, 22, -65],
    hmac: crypto.createHmac('sha256', 'key').update('msg').digest('base64'),
    uuid: true,
    date: '2024-01-01T22:04:05 -0500',
    fmt: 'cart has 3 items',
    csv: [
      ['a', 'b,c'],
      ['1', '2'],
    ],
  });
});
