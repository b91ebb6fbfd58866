import { globalRegistry } from 'zod';

/**
 * Schemas built on first use (issue 13, bundles: cold load). Every Apps Script execution loads the whole add-on, and
 * building the ~2,200 zod schemas the catalogue and the shared modules declared at module level took most of that
 * load. A module-level schema is written `lazySchema(() => z.object(...))`: what it returns is that schema (same type,
 * same methods, usable inside other schemas), built the first time anything reads from it, once.
 *
 * Why a Proxy rather than a getter: the schemas are module exports that other schemas and every target use directly
 * (`integerId.optional()`, `v2Envelope(callSchema)`, `op.input.shape`). The Proxy's target is an empty object; on the
 * first read the schema is built and the Proxy itself is initialised as that schema (zod's own `init`, from the built
 * schema's definition), so from then on it is an ordinary zod schema behind a pass-through Proxy. Its identity is
 * the one every user holds: zod's identity-keyed work (JSON Schema conversion, `.meta()`) sees one object.
 */

/** How many stand-ins have built their value so far (a test reads it: loading the add-on builds none). */
let built = 0;
export function lazyValuesBuilt(): number {
  return built;
}

/** A Proxy over `target` that calls `fill(target, proxy)` before anything reads or writes it, once. */
function filledOnFirstUse<T extends object>(target: T, fill: (target: T, proxy: T) => void): T {
  let state: 'empty' | 'filling' | 'full' = 'empty';
  const ready = () => {
    if (state !== 'empty') return target; // while filling, zod's init writes through the Proxy to the target
    state = 'filling';
    fill(target, proxy);
    state = 'full';
    built++;
    return target;
  };
  const proxy: T = new Proxy(target, {
    get: (t, key) => Reflect.get(ready(), key, proxy),
    set: (t, key, value) => Reflect.set(ready(), key, value, proxy),
    has: (t, key) => Reflect.has(ready(), key),
    ownKeys: () => Reflect.ownKeys(ready()),
    getOwnPropertyDescriptor: (t, key) => Reflect.getOwnPropertyDescriptor(ready(), key),
    defineProperty: (t, key, descriptor) => Reflect.defineProperty(ready(), key, descriptor),
    deleteProperty: (t, key) => Reflect.deleteProperty(ready(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(ready()),
  });
  return proxy;
}

interface ZodInternals {
  def: unknown;
  parent?: unknown;
  deferred?: (() => void)[];
  constr: { init(inst: object, def: unknown): void };
}

/** A zod schema built on first use (see above). */
export function lazySchema<T extends object>(build: () => T): T {
  return filledOnFirstUse({} as T, (target, proxy) => {
    const schema = build() as T & { _zod: ZodInternals };
    const internals = schema._zod;
    // What zod's constructor does (zod/v4/core/core.js `_`), on the Proxy: its members and bound functions are the Proxy's.
    Object.setPrototypeOf(target, Object.getPrototypeOf(schema));
    internals.constr.init(proxy, internals.def);
    const own = (proxy as unknown as { _zod: ZodInternals })._zod;
    for (const run of own.deferred ?? []) run();
    own.deferred = undefined;
    // `.meta()` / `.describe()` made the built schema a child of the described one, and registered it.
    if (internals.parent !== undefined) own.parent = internals.parent;
    const meta = globalRegistry.get(schema as never);
    if (meta !== undefined) globalRegistry.add(proxy as never, meta as never);
  });
}

/** A list derived from schemas (a record's columns), derived on first use; an array to its users. */
export function lazyList<T>(build: () => readonly T[]): readonly T[] {
  return filledOnFirstUse([] as T[], (target) => {
    target.push(...build());
  });
}
