/**
 * One Apps Script execution as the host sees it: who runs it, what kind it is (custom functions have fewer rights
 * and 30 s), its deadline, and the table of host objects handed to the script by handle.
 */
import { EXCEEDED_TIME } from './limits';
import { GasException } from './errors';
import { encodeHost, publicMethods, type Wire } from './wire';
import { SheetCostMeter, type SheetCostModel } from './sheet-cost';

/** From this length a preloaded string (an HTTP body) travels beside the reply's JSON instead of inside it. */
const SIDE_STRING_CHARS = 16384;

export type ExecutionKind = 'custom' | 'run' | 'trigger' | 'callback';

export class ExecutionContext {
  private readonly handles = new Map<number, object>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  timedOut = false;
  ended = false;
  readonly startedAt = Date.now();

  constructor(
    readonly id: number,
    readonly kind: ExecutionKind,
    /** Email of the user the execution runs as. */
    readonly user: string,
    /** Real (wall clock) epoch ms after which the execution is cut. */
    readonly deadline: number,
    /** The harness's current cost model (null: sheet calls are free). */
    sheetCosts: () => SheetCostModel | null = () => null,
  ) {
    this.sheetCost = new SheetCostMeter(sheetCosts);
  }

  /** What this execution's SpreadsheetApp calls cost on Google, waited for after each call (sheet-cost.ts). */
  readonly sheetCost: SheetCostMeter;

  get isCustomFunction(): boolean {
    return this.kind === 'custom';
  }

  remainingMs(): number {
    return this.deadline - Date.now();
  }

  /** Every service call checks this first: a script past its deadline may not do anything more. */
  checkDeadline(): void {
    if (this.timedOut || Date.now() >= this.deadline) {
      this.timedOut = true;
      throw new Error(EXCEEDED_TIME);
    }
  }

  /** Services that need the user's authorization are refused to custom functions, with the real message. */
  requireAuthorization(method: string): void {
    if (this.isCustomFunction) throw new GasException(`You do not have permission to call ${method}`);
  }

  toHandle(o: object): Wire {
    let id = this.ids.get(o);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(o, id);
      this.handles.set(id, o);
    }
    const handle: Wire = { $t: 'h', id, cls: o.constructor.name, m: publicMethods(o) };
    // An immutable host object may send the answers of its argument-less getters along (HTTPResponse): the script
    // reads them without a round trip per call, which is the harness's own cost, not Apps Script's.
    const preload = (o as { _preload?: () => Record<string, unknown> })._preload?.();
    if (preload) handle.p = Object.fromEntries(Object.entries(preload).map(([k, v]) => [k, this.preloaded(v)]));
    return handle;
  }

  /** Long strings of the reply being built; serve() takes them and sends them beside the JSON. */
  side: string[] = [];

  private preloaded(v: unknown): Wire {
    if (typeof v === 'string' && v.length >= SIDE_STRING_CHARS) return { $t: 's', i: this.side.push(v) - 1 };
    return encodeHost(v, (x) => this.toHandle(x));
  }

  fromHandle(id: number): object {
    const o = this.handles.get(id);
    if (!o) throw new Error(`Stale object handle ${id}`);
    return o;
  }
}
