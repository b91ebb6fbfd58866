/**
 * The texts Code.js carries but the add-on never reads (custom functions' JSDoc, the catalogue's descriptions) are
 * taken out by the build (scripts/bundling/doc-texts.mjs): blanked where they are an argument, taken out with their key
 * where they are the value of a named property. A text found twice, or a key that only ends like the named one, is
 * left as it was.
 */
import * as path from 'node:path';
import vm from 'node:vm';
import { bundlingScript, ROOT } from './setup';

const MODULE = path.join(ROOT, 'scripts', 'bundling', 'doc-texts.mjs');

/** withoutTexts(code, texts, keys), run as the build runs it (an ES module, in a child node). */
function withoutTexts(code: string, texts: string[], keys: string[]): string {
  const script = `import { withoutTexts } from ${JSON.stringify(MODULE)};
process.stdout.write(JSON.stringify(withoutTexts(${JSON.stringify(code)}, ${JSON.stringify(texts)}, ${JSON.stringify(keys)})));`;
  return bundlingScript<string>(script);
}

const SAMPLE = [
  'var a={id:"x",description:"Gets all your lists.",method:"GET"},',
  'b={description:"Deletes one of your lists.",path:"/l"},',
  'c={title:"T",description:"Creates a list to group contacts."},',
  'd={summary:"Searches contacts (free).",params:[p("filters","string","Filters as text, or a range.")],returns:"A header row and rows."},',
  'e={subdescription:"A longer name that only ends alike."},',
  'f=[g("Twice in the code, so kept."),g("Twice in the code, so kept.")];',
].join('');

test('takes out the named properties whole, blanks the other texts, and keeps the objects valid', () => {
  const texts = [
    'Gets all your lists.',
    'Deletes one of your lists.',
    'Creates a list to group contacts.',
    'Searches contacts (free).',
    'Filters as text, or a range.',
    'A header row and rows.',
    'A longer name that only ends alike.',
    'Twice in the code, so kept.',
  ];
  const out = withoutTexts(SAMPLE, texts, ['description', 'summary', 'returns']);
  const values = vm.runInNewContext(`var p=(...a)=>a,g=(t)=>t;${out};({a,b,c,d,e,f})`) as Record<string, unknown>;
  expect(JSON.parse(JSON.stringify(values))).toEqual({
    a: { id: 'x', method: 'GET' },
    b: { path: '/l' },
    c: { title: 'T' },
    d: { params: [['filters', 'string', '']] },
    e: { subdescription: '' },
    f: ['Twice in the code, so kept.', 'Twice in the code, so kept.'],
  });
});

test('without keys, every text found once is blanked', () => {
  const out = withoutTexts('var a={description:"Gets all your lists."};', ['Gets all your lists.'], []);
  expect(out).toBe('var a={description:""};');
});
