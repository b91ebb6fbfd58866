// jsonObject (shared/validation/json-object.ts) stands in for zod's record of unknown values in the catalogue and the
// records: it must accept, give and refuse exactly what that record does, with the same messages, and describe itself
// the same way in JSON Schema (the n8n node's fields and the sidebar's forms are made from it).
import * as z from '../../shared/validation/zod';
import { jsonObject } from '../../shared/validation/json-object';

const withProtoKey = JSON.parse('{"__proto__": {"polluted": true}, "b": 2}') as unknown;
const values: [string, unknown][] = [
  ['missing', undefined],
  ['null', null],
  ['a number', 1],
  ['text', 'x'],
  ['an empty list', []],
  ['a list', [1]],
  ['an empty object', {}],
  ['an object', { a: 1, nested: { b: [2] } }],
  ['a JSON object with a __proto__ key', withProtoKey],
  ['an object without prototype', Object.create(null) as unknown],
  ['a Date', new Date(0)],
  ['a Map', new Map([['a', 1]])],
  [
    'a class instance',
    new (class Point {
      x = 1;
    })(),
  ],
  ['an object with a constructor field', { constructor: 'x' }],
];

/** What a parse gives, as a test compares it: the data, or each issue's path and message. */
function outcome(schema: z.ZodMiniType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { issues: parsed.error.issues.map((i) => [i.path, i.message]) };
}

describe('jsonObject: what z.record(z.string(), z.unknown()) accepts, gives and says', () => {
  const pairs: [string, z.ZodMiniType, z.ZodMiniType][] = [
    ['without a message', z.record(z.string(), z.unknown()), jsonObject()],
    ['with a message', z.record(z.string(), z.unknown(), { message: 'must be an object of filters' }), jsonObject('must be an object of filters')],
  ];
  for (const [how, record, stand] of pairs)
    for (const optional of [false, true])
      it(`${how}, ${optional ? 'optional' : 'required'}: the same outcome for every kind of value`, () => {
        const wrap = (s: z.ZodMiniType) => z.strictObject({ v: optional ? z.optional(s) : s });
        for (const [name, value] of values) {
          const input = value === undefined ? {} : { v: value };
          expect({ name, outcome: outcome(wrap(stand), input) }).toEqual({ name, outcome: outcome(wrap(record), input) });
        }
      });

  it('never sets a prototype from a __proto__ key, and gives a copy', () => {
    const parsed = jsonObject().parse(withProtoKey);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed).toEqual({ b: 2 });
    expect((parsed as { polluted?: boolean }).polluted).toBeUndefined();
    const given = { a: 1 };
    expect(jsonObject().parse(given)).not.toBe(given);
  });

  it('has the JSON Schema of the record, required where it is required', () => {
    for (const io of ['input', 'output'] as const) {
      const schemaOf = (s: z.ZodMiniType) => z.toJSONSchema(z.strictObject({ v: s, o: z.optional(s) }), { io, unrepresentable: 'any' });
      expect(schemaOf(jsonObject('m'))).toEqual(schemaOf(z.record(z.string(), z.unknown(), { message: 'm' })));
    }
  });
});
