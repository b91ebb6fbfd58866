import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function write(a1, values) { SpreadsheetApp.getActive().getSheetByName('Sheet1').getRange(a1).setValues(values); }
function writeRC(r, c, nr, nc, values) { SpreadsheetApp.getActiveSheet().getRange(r, c, nr, nc).setValues(values); }
function setOne(a1, v) { SpreadsheetApp.getActiveSheet().getRange(a1).setValue(v); }
function read(a1) { var r = SpreadsheetApp.getActiveSheet().getRange(a1); return { values: r.getValues(), display: r.getDisplayValues(), formulas: r.getFormulas() }; }
function asText(a1, v) { var r = SpreadsheetApp.getActiveSheet().getRange(a1); r.setNumberFormat('@'); r.setValue(v); return [r.getValue(), r.getNumberFormat()]; }
function sheetsAndAppend() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var s = ss.insertSheet('Leads');
  s.appendRow(['name', 'score']);
  s.appendRow(['Ada', '42']);
  return [ss.getSheets().map(function (x) { return x.getName(); }), s.getLastRow(), s.getLastColumn(), s.getDataRange().getA1Notation(), ss.getSheetByName('Nope')];
}
function dupSheet() { SpreadsheetApp.getActive().insertSheet('Sheet1'); }
function selection() {
  var r = SpreadsheetApp.getActiveRange();
  return [r.getA1Notation(), r.getSheet().getName(), SpreadsheetApp.getActive().getSelection().getCurrentCell().getA1Notation(), r.getValues()];
}
function customWrite() { SpreadsheetApp.getActiveSheet().getRange('A1').setValue(1); }
function customRead() { return SpreadsheetApp.getActiveSheet().getRange('A1').getValue(); }
function ui() {
  var u = SpreadsheetApp.getUi();
  u.createAddonMenu().addItem('Open', 'openSidebar').addSeparator().addToUi();
  var b = u.alert('Title', 'Sure?', u.ButtonSet.YES_NO);
  u.showSidebar(HtmlService.createHtmlOutput('<b>hi</b>').setTitle('PDS'));
  return [b, b == u.Button.YES];
}
function customUi() { SpreadsheetApp.getUi(); }
function outside() { SpreadsheetApp.getActiveSheet().getRange(1001, 1); }
function bigSheet() { SpreadsheetApp.getActive().insertSheet('Big'); }
function clearAll() { var s = SpreadsheetApp.getActiveSheet(); s.getRange('A1').clearContent(); s.clear(); return s.getLastRow(); }
`;

test('setValues requires the exact dimensions, with the real messages', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('write', 'A1:B2', [[1, 2]])).rejects.toThrow(
    'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
  );
  await expect(h.run('writeRC', 1, 1, 1, 2, [[1, 2, 3]])).rejects.toThrow(
    'The number of columns in the data does not match the number of columns in the range. The data has 3 but the range has 2.',
  );
  await h.run('write', 'A1:B2', [
    ['a', 1],
    [true, null],
  ]);
  expect(h.workbook.mustSheet('Sheet1').values()).toEqual([
    ['a', 1],
    [true, ''],
  ]);
  expect(h.workbook.stats.setValuesCalls).toBe(1);
});

test('"=…" becomes a formula, "\'=…" stays text, "+…"/"-…" non-numbers are formulas like typed input', async () => {
  const h = harness({ code: CODE });
  await h.run('write', 'A1:E1', [['=HYPERLINK("https://x.test/p","Profile")', "'=x", '+cmd|x', '-2.5', '=1+1']]);
  const r = (await h.run('read', 'A1:E1')) as { values: unknown[][]; formulas: string[][]; display: string[][] };
  expect(r.formulas).toEqual([['=HYPERLINK("https://x.test/p","Profile")', '', '=+cmd|x', '', '=1+1']]);
  expect(r.values).toEqual([['Profile', '=x', '#NAME?', -2.5, '#NAME?']]);
  expect(h.workbook.mustSheet('Sheet1').formulas()[0][0]).toMatch(/^=HYPERLINK/);
});

test('strict on injection: @, a sign after blanks or invisible characters, full-width and small signs are formulas', async () => {
  const h = harness({ code: CODE });
  const raw = ['@evil', '\t=1+1', '\r+x', '\n-x', '  =x', '\u00a0=x', '\u200b=x', '\uff1dx', '\uff0bx', '\uff0dx', '\uff20x', '\ufe66x'];
  await h.run('write', 'A1:L1', [raw]);
  await h.run('write', 'A2:L2', [raw.map((v) => `'${v}`)]);
  const r = (await h.run('read', 'A1:L2')) as { values: unknown[][]; formulas: string[][] };
  expect(r.formulas[0].every((f) => f.startsWith('='))).toBe(true);
  expect(r.formulas[1]).toEqual(raw.map(() => ''));
  expect(r.values[1]).toEqual(raw);
});

test('number-like strings are auto-typed unless the format is plain text "@"', async () => {
  const h = harness({ code: CODE });
  await h.run('write', 'A1:F1', [['0042', '1,234', '15%', 'TRUE', '2024-03-05', 'abc']]);
  const r = (await h.run('read', 'A1:F1')) as { values: unknown[][]; display: string[][] };
  expect(r.values[0].slice(0, 4)).toEqual([42, 1234, 0.15, true]);
  expect(r.values[0][4]).toBeInstanceOf(Date);
  expect((r.values[0][4] as Date).toISOString()).toBe('2024-03-05T00:00:00.000Z');
  expect(r.display[0]).toEqual(['42', '1234', '0.15', 'TRUE', '3/5/2024', 'abc']);
  expect(await h.run('asText', 'B2', '0042')).toEqual(['0042', '@']);
  expect(await h.run('asText', 'B3', '=SUM(A1)')).toEqual(['=SUM(A1)', '@']);
});

test('sheets, appendRow, getLastRow/Column, getDataRange, getSheetByName', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('sheetsAndAppend')).toEqual([['Sheet1', 'Leads'], 2, 2, 'A1:B2', null]);
  expect(h.workbook.mustSheet('Leads').values()).toEqual([
    ['name', 'score'],
    ['Ada', 42],
  ]);
  expect(h.workbook.stats.appendRowCalls).toBe(2);
  await expect(h.run('dupSheet')).rejects.toThrow('A sheet with the name "Sheet1" already exists. Please enter another name.');
});

test('the active range / selection is settable by tests', async () => {
  const h = harness({ code: CODE });
  await h.run('write', 'A2:A3', [['x'], ['y']]);
  h.workbook.setActiveRange('Sheet1!A2:A3');
  expect(await h.run('selection')).toEqual(['A2:A3', 'Sheet1', 'A2', [['x'], ['y']]]);
});

test('custom functions see a read-only spreadsheet and no Ui', async () => {
  const h = harness({ code: CODE });
  await h.run('setOne', 'A1', 7);
  expect(await h.callCustomFunction('customRead')).toBe(7);
  await expect(h.callCustomFunction('customWrite')).rejects.toThrow('You do not have permission to call setValue');
  await expect(h.callCustomFunction('customUi')).rejects.toThrow('Cannot call SpreadsheetApp.getUi() from this context.');
});

test('Ui menus, alerts and sidebars are recorded', async () => {
  const h = harness({ code: CODE });
  h.ui.responses.push({ button: 'YES' });
  expect(await h.run('ui')).toEqual(['YES', true]);
  expect(h.ui.menus[0]).toMatchObject({ kind: 'addon', items: [{ caption: 'Open', functionName: 'openSidebar' }, { separator: true }] });
  expect(h.ui.alerts[0]).toMatchObject({ title: 'Title', prompt: 'Sure?', buttons: 'YES_NO' });
  expect(h.ui.sidebars[0]).toMatchObject({ content: '<b>hi</b>', title: 'PDS' });
});

test('ranges outside the grid and the 10 M cell limit are refused', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('outside')).rejects.toThrow('The coordinates of the range are outside the dimensions of the sheet.');
  h.setLimits({ spreadsheetCells: 26_000 + 1000 }); // room for Sheet1 (1000×26) only
  await expect(h.run('bigSheet')).rejects.toThrow('This action would increase the number of cells in the workbook above the limit of 27000 cells.');
  expect(h.workbook.sheets.map((s) => s.name)).toEqual(['Sheet1']);
});

test('the default cell limit is 10 million', async () => {
  const h = harness({ code: CODE });
  expect(h.limits.spreadsheetCells).toBe(10_000_000);
  h.workbook.mustSheet('Sheet1').maxRows = 384_000; // 9,984,000 cells
  await expect(h.run('bigSheet')).rejects.toThrow(/above the limit of 10000000 cells/);
});

test('a cell holds at most 50,000 characters', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('setOne', 'A1', 'x'.repeat(50_001))).rejects.toThrow('Your input contains more than the maximum of 50000 characters in a single cell.');
  expect(h.workbook.stats.setValueCalls).toBe(0);
});
