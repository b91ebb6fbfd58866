/**
 * The Apps Script bundle leaves out zod's object fast path (scripts/bundling/zod-no-jit.mjs): Code.js carries no
 * parser written as source text for `new Function`, and zod's interpreted object parser, which it runs instead, gives
 * the same values and the same issues as the fast path on objects with required, optional, defaulted, nested and
 * extra keys.
 */
import vm from 'node:vm';
import { addOnBuild } from './setup';
import { pluginPath, runModule, zodContext } from './zod-bundle';

type Parse = (schema: string, input: unknown) => unknown;

const PLUGIN = pluginPath('zod-no-jit.mjs');

/** A bundle of zod that parses `input` with the schema written in `schema` (zod's `z` in scope), with or without the plugin. */
function zodBundle(withoutJit: boolean): Parse {
  const context = zodContext(withoutJit ? ['zod-no-jit.mjs', 'zodNoJit'] : null);
  return (schema, input) => {
    context.__input = JSON.parse(JSON.stringify(input));
    // safeParse is synchronous: the fast path runs only there, so it is what is compared.
    return JSON.parse(JSON.stringify(vm.runInContext(`(() => { const z = __zod.z; return (${schema}).safeParse(__input); })()`, context)));
  };
}

const SCHEMA = `z.object({
  name: z.string().min(2),
  count: z.number().int().optional(),
  kind: z.enum(['a', 'b']).default('a'),
  nested: z.object({ id: z.string(), tags: z.array(z.string()).optional() }),
  maybe: z.string().nullable().optional(),
})`;
const INPUTS: unknown[] = [
  { name: 'Ann', nested: { id: 'x' } },
  { name: 'Ann', count: 3, kind: 'b', nested: { id: 'x', tags: ['t'] }, maybe: null, extra: 1 },
  { name: 'A', count: 1.5, kind: 'c', nested: { tags: [1] } },
  { nested: 'no' },
  { name: 'Ann', count: undefined, nested: { id: 'x' } },
  'text',
  null,
];

test('without the fast path, object schemas give the same values and issues as with it', () => {
  const [fast, interpreted] = [zodBundle(false), zodBundle(true)];
  for (const schema of [SCHEMA, `${SCHEMA}.strict()`, `${SCHEMA}.passthrough()`])
    for (const input of INPUTS) expect(interpreted(schema, input)).toEqual(fast(schema, input));
  // The cases above do reach both outcomes.
  expect(interpreted(SCHEMA, INPUTS[0])).toMatchObject({ success: true, data: { kind: 'a' } });
  expect(interpreted(SCHEMA, INPUTS[2])).toMatchObject({ success: false });
}, 60_000);

test("Code.js carries no object parser written for new Function (zod's fast path), and zod's layout is checked", () => {
  const { code } = addOnBuild();
  // Text the fast path writes into every compiled object parser.
  expect(code).not.toContain('_ab = false');
  expect(code).not.toContain('payload.value = newResult');
  const checked = runModule(`
    import { readFileSync } from 'node:fs';
    import { createRequire } from 'node:module';
    import { withoutObjectJit } from ${PLUGIN};
    const file = createRequire(process.cwd() + '/').resolve('zod/v4/core').replace(/index\\.c?js$/, 'schemas.js');
    const slim = withoutObjectJit(readFileSync(file, 'utf8'));
    let refused = '';
    try { withoutObjectJit('export const $ZodObject = 1;'); } catch (e) { refused = e.message; }
    process.stdout.write(JSON.stringify({ declared: slim.includes('export const $ZodObjectJIT = $ZodObject;'), jit: slim.includes('generateFastpass'), refused }));`);
  expect(JSON.parse(checked)).toEqual({ declared: true, jit: false, refused: expect.stringMatching(/zod-no-jit/) });
});
