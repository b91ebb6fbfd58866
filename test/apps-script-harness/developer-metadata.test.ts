/**
 * Developer metadata in the harness, as fakes/developer-metadata.ts models it: row and column metadata moves with
 * its row or column (insert, delete, sort, move), goes with a deleted row or column, is not carried by a copied row,
 * only a whole row or column takes it, and a sheet or spreadsheet holds at most 30,000 characters of it.
 */
import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function tagColumn(col, value) { var s = SpreadsheetApp.getActiveSheet(); s.getRange(1, col, s.getMaxRows(), 1).addDeveloperMetadata('role', value); }
function tagRow(row, value) { var s = SpreadsheetApp.getActiveSheet(); s.getRange(row, 1, 1, s.getMaxColumns()).addDeveloperMetadata('rid', value); }
function tagCell() { SpreadsheetApp.getActiveSheet().getRange('B2').addDeveloperMetadata('x', 'y'); }
function where() {
  return SpreadsheetApp.getActiveSheet().createDeveloperMetadataFinder().find().map(function (m) {
    var l = m.getLocation();
    return [m.getKey(), m.getValue(), l.getLocationType(), l.getLocationType() === 'ROW' ? l.getRow().getRow() : l.getColumn().getColumn()];
  });
}
function byKey(key) { return SpreadsheetApp.getActive().createDeveloperMetadataFinder().withKey(key).find().length; }
function removeAll() { SpreadsheetApp.getActiveSheet().createDeveloperMetadataFinder().find().forEach(function (m) { m.remove(); }); }
function insertAbove(row, n) { SpreadsheetApp.getActiveSheet().insertRowsBefore(row, n); }
function deleteColumn(col) { SpreadsheetApp.getActiveSheet().deleteColumns(col, 1); }
`;

test('row and column metadata moves with its row and column, and goes with a deleted one', async () => {
  const h = harness({ code: CODE });
  await h.run('tagColumn', 3, 'status');
  await h.run('tagColumn', 5, 'rowId');
  await h.run('tagRow', 4, 'r4');
  await h.run('tagRow', 7, 'r7');
  await h.run('insertAbove', 2, 2); // rows 4 and 7 are now 6 and 9
  h.workbook.mustSheet('Sheet1').moveColumns(4, 1, 1); // column E moved before B: C becomes D
  expect(await h.run('where')).toEqual(
    expect.arrayContaining([
      ['role', 'status', 'COLUMN', 4],
      ['role', 'rowId', 'COLUMN', 2],
      ['rid', 'r4', 'ROW', 6],
      ['rid', 'r7', 'ROW', 9],
    ]),
  );
  h.workbook.mustSheet('Sheet1').deleteRows(5, 1); // the row of r4 (row 6)
  await h.run('deleteColumn', 2); // the rowId column
  expect(await h.run('where')).toEqual(
    expect.arrayContaining([
      ['role', 'status', 'COLUMN', 3],
      ['rid', 'r7', 'ROW', 8],
    ]),
  );
  expect(await h.run('where')).toHaveLength(2);
});

test('a sort moves row metadata with its row; a copied row carries none', async () => {
  const h = harness({ code: CODE });
  const sheet = h.workbook.mustSheet('Sheet1');
  ['c', 'a', 'b'].forEach((v, i) => sheet.setCell(i + 1, 0, { value: v }));
  await h.run('tagRow', 2, 'was-c');
  await h.run('tagRow', 3, 'was-a');
  sheet.sortRows(1, 3, (x, y) => String(x[0]?.value).localeCompare(String(y[0]?.value)));
  expect(sheet.values().map((r) => r[0])).toEqual(['', 'a', 'b', 'c']);
  expect(await h.run('where')).toEqual(
    expect.arrayContaining([
      ['rid', 'was-a', 'ROW', 2],
      ['rid', 'was-c', 'ROW', 4],
    ]),
  );
  sheet.copyRow(1, 5); // row 2 (was-a) pasted over row 6
  expect(sheet.values()[5][0]).toBe('a');
  expect((await h.run('where')) as unknown[]).toHaveLength(2);
});

test('only a whole row or column takes metadata; 30,000 characters per sheet and spreadsheet', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('tagCell')).rejects.toThrow('Adding developer metadata to arbitrary ranges is not currently supported');
  // 'rid' + a 9,997-character value = 10,000 characters each: three fit, a fourth does not.
  for (let i = 0; i < 3; i++) await h.run('tagRow', i + 2, 'v'.repeat(9997));
  await expect(h.run('tagRow', 9, 'v'.repeat(9997))).rejects.toThrow('exceed the limit of 30000 characters');
  expect(await h.run('byKey', 'rid')).toBe(3);
  await h.run('removeAll');
  expect(await h.run('byKey', 'rid')).toBe(0);
});
