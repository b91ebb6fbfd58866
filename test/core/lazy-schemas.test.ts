/**
 * Issue 13 (bundles, cold load): loading the catalogue and the shared schemas builds no zod schema; an entry's input
 * is built when something first reads it, once, and is then the same schema for every user (validation, `.meta()`,
 * JSON Schema conversion, `instanceof`). Counted, not timed: zod gives each schema it builds its `_zod` internals
 * through Object.defineProperty (zod/v4/core/core.js), and the count is taken around a fresh load of the modules.
 */
import * as z from '../../shared/validation/zod';

// The modules are required inside jest.isolateModules, so each test loads them afresh and counts what that builds.
/* eslint-disable @typescript-eslint/no-require-imports */

type Shared = typeof import('../../shared');
type Modules = {
  catalogue: typeof import('../../shared/catalogue');
  records: typeof import('../../shared/records');
  settings: typeof import('../../shared/settings');
};
type Lazy = typeof import('../../shared/validation/lazy-schema');

/** Calls `run` while counting the zod schemas built meanwhile. */
function countingSchemas<T>(run: () => T): { value: T; schemas: number } {
  const define = Object.defineProperty;
  let schemas = 0;
  Object.defineProperty = function (o: object, key: PropertyKey, descriptor: PropertyDescriptor) {
    if (key === '_zod') schemas++;
    return define(o, key, descriptor);
  } as typeof Object.defineProperty;
  try {
    return { value: run(), schemas };
  } finally {
    Object.defineProperty = define;
  }
}

/** The shared core and the lazy-schema module, loaded afresh (their own module registry), counting schemas. */
function freshLoad(): { shared: Shared; lazy: Lazy; schemas: number } {
  let loaded!: { shared: Shared; lazy: Lazy };
  const { schemas } = countingSchemas(() =>
    jest.isolateModules(() => {
      loaded = { shared: require('../../shared') as Shared, lazy: require('../../shared/validation/lazy-schema') as Lazy };
    }),
  );
  return { ...loaded, schemas };
}

// zod's own modules first, so their load is not counted.
z.string();

describe('schemas are built on first use', () => {
  it('loading the catalogue, the records, the settings and the validation fields builds no zod schema', () => {
    let loaded!: Modules;
    const { schemas } = countingSchemas(() =>
      jest.isolateModules(() => {
        loaded = {
          catalogue: require('../../shared/catalogue') as Modules['catalogue'],
          records: require('../../shared/records') as Modules['records'],
          settings: require('../../shared/settings') as Modules['settings'],
        };
      }),
    );
    expect(loaded.catalogue.catalogue.length).toBeGreaterThan(60);
    expect(Object.keys(loaded.records).length).toBeGreaterThan(50);
    expect(schemas).toBe(0);
    // Then the settings schema is built on first use, as before.
    const parsed = countingSchemas(() => loaded.settings.settingsSchema.parse({}));
    expect(parsed.schemas).toBeGreaterThan(0);
    expect(parsed.value.strictResponses).toBe(true);
  });

  it("reading an entry's input builds it (and what it uses) once; it validates as before", () => {
    const { shared, lazy } = freshLoad();
    const op = shared.operation('calls.log');
    const first = countingSchemas(() => op.input.safeParse({ contactId: '12', durationMs: 1500, toNumber: '+1 555 010 0100' }));
    expect(first.schemas).toBeGreaterThan(0);
    expect(first.value).toEqual({ success: true, data: { contactId: 12, durationMs: 1500, toNumber: '+1 555 010 0100' } });
    const built = lazy.lazyValuesBuilt();
    expect(built).toBeGreaterThan(0);
    // Built once: reading and parsing again builds nothing more.
    const again = countingSchemas(() => op.input.safeParse({ contactId: 'x' }));
    expect(again.schemas).toBe(0);
    expect(lazy.lazyValuesBuilt()).toBe(built);
    expect(again.value.success).toBe(false);
    expect(again.value.error?.issues[0]).toMatchObject({ path: ['contactId'], message: expect.stringContaining('whole-number id') });
    // Other entries stay unbuilt until read.
    expect(lazy.lazyValuesBuilt()).toBeLessThan(shared.catalogue.length);
  });

  it('a lazy schema is the schema to zod: instanceof, methods, .meta() and JSON Schema conversion see one object', () => {
    const { shared } = freshLoad();
    const input = shared.operation('emails.sendBulk').input;
    expect(input).toBeInstanceOf(z.ZodMiniObject);
    expect(input.safeParse(undefined).success).toBe(false);
    const json = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, Record<string, unknown>> };
    // `.meta()` on a shared lazy field (the date-time format) and on an entry's own field (the picker) both survive.
    expect(json.properties.scheduleAt).toMatchObject({ format: 'date-time' });
    expect(json.properties.templateId).toMatchObject({ picker: 'templates' });
    expect(json.properties.from).toMatchObject({ picker: 'emailAccounts' });
    // A lazy schema handed to zod as a part of another (`v2Envelope(callSchema)`: `data`) converts as itself.
    const output = z.toJSONSchema(shared.operation('calls.log').output, { io: 'output', unrepresentable: 'any' }) as unknown as {
      properties: { data: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(output.properties.data.properties)).toEqual(expect.arrayContaining(Object.keys(shared.records.callSchema.shape)));
    // A schema derived from a lazy one (`.optional()`) wraps the built schema, which the lazy one passes everything to.
    const optional = z.optional(shared.records.callSchema);
    expect(optional.def.innerType).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(optional.def.innerType.shape)).toEqual(Object.keys(shared.records.callSchema.shape));
  });

  it('column lists derived from schemas are arrays, derived on first use', () => {
    const { shared, lazy } = freshLoad();
    const before = lazy.lazyValuesBuilt();
    const columns = shared.records.orgContactColumns;
    expect(lazy.lazyValuesBuilt()).toBe(before);
    expect(Array.isArray(columns)).toBe(true);
    expect(columns.slice(0, 2)).toEqual(['contactId', 'username']);
    expect([...columns]).toEqual(shared.records.describeRecordFields(shared.records.orgContactSchema, { flatten: true }));
    expect(lazy.lazyValuesBuilt()).toBeGreaterThan(before);
  });
});
