import { globalRegistry, looseObject, strictObject, type core, type ZodMiniObject } from './zod';

/**
 * Schemas built on first use (issue 13, bundles: cold load). Every Apps Script execution loads the whole add-on, and
 * building the ~2,200 zod schemas the catalogue and the shared modules declared at module level took most of that
 * load. A module-level schema is written `lazySchema(() => z.object(...))`: what it returns stands for that schema
 * (same type, same methods, usable inside other schemas), built the first time anything reads from it, once.
 *
 * How: a Proxy over an empty object. On the first read the schema is built, and the empty object is initialised as
 * that schema with zod's own `init`, from the built schema's definition (what zod's constructor does). From then on the
 * Proxy passes everything to it; zod's own code holds the object itself (no Proxy on its hot paths), and methods read
 * through the Proxy are bound to it, so schemas derived from a stand-in (`integerId.optional()`) wrap the object.
 * A stand-in handed to zod as an argument (`z.object({ id: integerId })`) is a Proxy inside the other schema until
 * that schema is built on first use: then its parts are swapped for the objects they stand for (issue 32: a Proxy trap
 * on every field of every record was a third of a page's decoding). A schema built outside `lazySchema` keeps the
 * Proxy; for zod's identity-keyed work the stand-in is made to count as the object (below: `.meta()`, JSON Schema).
 */

/** How many stand-ins have been built so far (a test reads it: loading the add-on builds none). */
let built = 0;
export function lazyValuesBuilt(): number {
  return built;
}

/**
 * One Proxy handler per stand-in, its traps shared (a trap's `this` is its handler): `fill` is dropped once it ran.
 * While it runs, reads and writes reach the target as it is (zod's init writes there).
 */
interface Filling {
  fill?: (target: object, proxy: object) => void;
  proxy: object;
}

function ready(handler: Filling, target: object): object {
  const fill = handler.fill;
  if (fill) {
    handler.fill = undefined;
    try {
      fill(target, handler.proxy);
    } catch (error) {
      handler.fill = fill;
      throw error;
    }
    built++;
  }
  return target;
}

const traps: ProxyHandler<object> & ThisType<Filling> = {
  get(t, key) {
    const value = Reflect.get(ready(this, t), key, t) as unknown;
    // A method called on the stand-in runs on the object (bound here: a call's `this` would be the Proxy).
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
  },
  set(t, key, value) {
    return Reflect.set(ready(this, t), key, value, t);
  },
};
// The other traps do on the object what was asked of the stand-in. Each takes at most two arguments after the
// target (a Reflect method ignores the ones it has no use for), passed on as they are: no array per call.
for (const name of ['has', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty', 'deleteProperty', 'getPrototypeOf'] as const)
  traps[name] = function (this: Filling, t: object, key: unknown, more: unknown) {
    return (Reflect[name] as (...args: unknown[]) => unknown)(ready(this, t), key, more);
  } as never;

/** A Proxy over `target` that calls `fill(target, proxy)` before anything reads or writes through it, once. */
function filledOnFirstUse<T extends object>(target: T, fill: (target: T, proxy: T) => void): T {
  const handler = Object.create(traps) as Filling & ProxyHandler<T>;
  handler.fill = fill as Filling['fill'];
  handler.proxy = new Proxy(target, handler);
  return handler.proxy as T;
}

interface ZodInternals {
  def: unknown;
  parent?: object;
  deferred?: (() => void)[];
  constr: { init(inst: object, def: unknown): void };
  processJSONSchema?: (ctx: { seen: Map<object, unknown> }, json: object, params: object) => void;
}

/** Each stand-in's object, built on first use: what the parts of a schema built later hold instead of the stand-in. */
const standing = new WeakMap<object, () => object>();

// The parts of a zod schema's definition that are schemas: wrappers' inner types, pipes' ends, a list's element, an
// object's fields and catch-all, a union's options, a record's keys and values.
const PARTS = ['innerType', 'in', 'out', 'element', 'catchall', 'keyType', 'valueType'] as const;

/** `part` itself, or, for a stand-in, the object it stands for (built now); schemas are walked once (`seen`). */
function unwrapped(part: unknown, seen: Set<object>): unknown {
  if (part === null || typeof part !== 'object') return part;
  const object = standing.get(part);
  if (object) return object();
  if (!seen.has(part) && '_zod' in part) {
    seen.add(part);
    withoutStandIns((part as { _zod: ZodInternals })._zod.def, seen);
  }
  return part;
}

/** Swaps the stand-ins among a definition's parts (and its parts' parts, down to the stand-ins) for their objects. */
function withoutStandIns(def: unknown, seen: Set<object>): void {
  if (def === null || typeof def !== 'object') return;
  const parts = def as Record<string, unknown>;
  for (const key of PARTS) if (parts[key] !== undefined) parts[key] = unwrapped(parts[key], seen);
  const options = parts.options;
  if (Array.isArray(options)) options.forEach((option, i) => (options[i] = unwrapped(option, seen)));
  const shape = parts.type === 'object' ? (parts.shape as Record<string, unknown> | undefined) : undefined;
  if (shape) for (const key of Object.keys(shape)) shape[key] = unwrapped(shape[key], seen);
}

/**
 * A zod schema built on first use (see above). A module-level call carries esbuild's pure-call comment (`@__PURE__`,
 * as lazyList's do): the call has no effect until the schema is read, and the comment says so to esbuild, which then
 * leaves out of a bundle the schemas that bundle never reads. (esbuild 0.28 honours @__NO_SIDE_EFFECTS__ on this
 * declaration only inside this file.) test/core/lazy-schemas-pure.test.ts holds every such call to it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  const object = {} as T;
  const proxy = filledOnFirstUse(object, (target, proxy) => {
    const schema = build() as T & { _zod: ZodInternals };
    const internals = schema._zod;
    withoutStandIns(internals.def, new Set([schema]));
    // What zod's constructor does (zod/v4/core/core.js `_`), on the target.
    Object.setPrototypeOf(target, Object.getPrototypeOf(schema));
    internals.constr.init(target, internals.def);
    const own = (target as unknown as { _zod: ZodInternals })._zod;
    for (const run of own.deferred ?? []) run();
    own.deferred = undefined;
    // `.meta()` / `.describe()` made the built schema a child of the described one, and registered it: both, for the
    // object and for the stand-in (zod's registry is keyed by object; JSON Schema conversion reads it).
    if (internals.parent !== undefined) own.parent = internals.parent;
    const meta = globalRegistry.get(schema as never);
    if (meta !== undefined) {
      globalRegistry.add(target as never, meta as never);
      globalRegistry.add(proxy as never, meta as never);
    }
    // JSON Schema conversion records a schema under what it was handed (the stand-in, when another schema holds it),
    // then its converter looks up the object: the same record under both.
    const convert = own.processJSONSchema;
    if (convert)
      own.processJSONSchema = (ctx, json, params) => {
        if (!ctx.seen.has(target) && ctx.seen.has(proxy)) ctx.seen.set(target, ctx.seen.get(proxy));
        convert(ctx, json, params);
      };
  });
  standing.set(proxy, () => {
    void Reflect.get(proxy, '_zod');
    return object;
  });
  return proxy;
}

/**
 * `lazySchema(() => z.looseObject(shape))`, one function for every record instead of a builder each (Code.js has a
 * size budget). `shape` is the fields themselves when they are schemas already made (stand-ins, shared fields, no
 * call that builds one): a plain object now, only the object schema waits for its first use. Otherwise it is a
 * function that makes the fields, called on first use too. Pure at module level, as lazySchema is: its module-level
 * calls carry the pure-call comment too.
 */
export function lazyLooseObject<S extends core.$ZodLooseShape>(shape: S | (() => S)): ZodMiniObject<S, core.$loose> {
  return lazySchema(() => looseObject(typeof shape == 'function' ? shape() : shape));
}

/** The same for a strict object (an input that refuses unknown fields). */
export function lazyStrictObject<S extends core.$ZodLooseShape>(shape: S | (() => S)): ZodMiniObject<S, core.$strict> {
  return lazySchema(() => strictObject(typeof shape == 'function' ? shape() : shape));
}

/** A list derived from schemas (a record's columns), derived on first use; an array to its users. */
export function lazyList<T>(build: () => readonly T[]): readonly T[] {
  return filledOnFirstUse([] as T[], (target) => {
    target.push(...build());
  });
}
