/**
 * A worker thread that runs Apps Script executions one after another, each in a fresh vm context (a new global per
 * execution, as in Apps Script: nothing the script sets survives to the next), with the runtime bundle, the script,
 * then the call. The worker is reused (worker-pool.ts) only to spare the harness the cost of a thread start and a
 * parse of Code.js per execution; the compiled scripts hold no state, every context is new. Service calls block this
 * thread on Atomics.wait until the host (main thread) answers through the execution's MessagePort — that is what
 * makes UrlFetchApp, sleep and locks synchronous.
 * Bundled by esbuild at harness start (see build.ts) so it loads the same under jest/swc and tsx.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';

/** What a worker holds for its life: the sources it compiles once and the harness clock's offset. */
export interface WorkerInput {
  clock: SharedArrayBuffer;
  runtimeSource: string;
  code: string;
  codeFilename: string;
}

/** One execution handed to the worker. */
export interface WorkerJob {
  flag: SharedArrayBuffer;
  port: MessagePort;
  roots: string;
  fnName: string;
  args: string;
  /** Wall-clock epoch ms at which the execution is cut. */
  deadline: number;
  /** Live heap the execution may hold above the worker's start, in bytes (0: no ceiling). */
  heapCeiling: number;
}

const input = workerData as WorkerInput;
const clockOffset = new Float64Array(input.clock);
const TIMEOUT_MSG = 'Exceeded maximum execution time';
const MEMORY_MSG = 'Exceeded memory limit.';

/** A service reply: its JSON, and the long strings it refers to by index (sent beside it, not inside the JSON). */
export interface WorkerReply {
  json: string;
  side: string[];
}

// Compiled once per worker, run in each execution's own context (a compiled script is not bound to a context).
// Wrapped in a function so the bundle's `var __gasRuntime` stays local instead of becoming a script global.
const runtimeScript = new vm.Script(`(function () {\n${input.runtimeSource}\nreturn __gasRuntime;\n})()`, { filename: 'apps-script-runtime.js' });
const codeScript = new vm.Script(input.code, { filename: input.codeFilename });

const usedHeap = (): number => v8.getHeapStatistics().used_heap_size;
/**
 * A full collection, used only when the heap looks past the ceiling, so garbage not yet collected is never counted.
 * The flag is process-wide and stays on (turning it off raced with other workers starting); each execution's
 * context has its `gc` global removed before the script runs (run()).
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
/** The worker's heap before any execution: a fresh worker's, which an execution's figure is counted from. */
const baseHeap = usedHeap();

/** One execution's service-call numbering and heap peak. */
class Execution {
  private lastSeq = 0;
  /** Heap at the start: what earlier executions left (garbage not yet collected) is not this one's. */
  private readonly startHeap = usedHeap();
  private peak = this.startHeap;
  private readonly flag: Int32Array;

  constructor(private readonly job: WorkerJob) {
    this.flag = new Int32Array(job.flag);
  }

  /** Set once the execution held more than its ceiling: it fails then, even if the script caught the error. */
  memoryExceeded = false;

  sampleHeap(): void {
    const used = usedHeap();
    this.peak = Math.max(this.peak, used);
    const ceiling = this.job.heapCeiling;
    if (this.memoryExceeded || ceiling <= 0 || used - baseHeap <= ceiling) return;
    // Over only with garbage counted is not over: collect, then measure what is live.
    collect();
    if (usedHeap() - baseHeap > ceiling) this.memoryExceeded = true;
  }

  /**
   * One synchronous service call. The host posts the reply, then bumps the reply counter in `flag` and wakes this
   * thread. The reply is matched by its call's number, never by arrival order: a reply that came after its call
   * stopped waiting (or a wake-up with nothing in the queue) cannot be taken for a later call's answer, which once
   * handed a fetchAll an earlier call's shorter list ("reading 'getResponseCode'" of undefined). The wait ends only
   * with the right reply, the execution's time limit (vm timeout) or the host ending the worker.
   */
  readonly call = (request: string, side: string[]): WorkerReply => {
    const seq = ++this.lastSeq;
    this.sampleHeap();
    if (this.memoryExceeded) throw new Error(MEMORY_MSG);
    this.job.port.postMessage({ seq, request, side });
    for (;;) {
      const seen = Atomics.load(this.flag, 0);
      for (let got = receiveMessageOnPort(this.job.port); got; got = receiveMessageOnPort(this.job.port)) {
        const reply = got.message as WorkerReply & { seq: number };
        if (reply.seq === seq) return reply;
      }
      // Wake every 50 ms so a vm timeout (busy-loop guard) can still interrupt this thread.
      Atomics.wait(this.flag, 0, seen, 50);
    }
  };

  remaining(): number {
    return Math.max(1, Math.floor(this.job.deadline - Date.now()));
  }

  finish(result: string): void {
    this.sampleHeap();
    this.job.port.close();
    const failed = this.memoryExceeded ? JSON.stringify({ ok: false, e: { name: 'Error', message: MEMORY_MSG, stack: '' } }) : result;
    parentPort!.postMessage({
      result: failed,
      peakHeap: baseHeap + this.peak - this.startHeap,
      serviceCalls: this.lastSeq,
      memoryExceeded: this.memoryExceeded,
    });
  }
}

function run(job: WorkerJob): void {
  const ex = new Execution(job);
  try {
    // A bare context: only ECMAScript built-ins. No require, process, Buffer, setTimeout, fetch, global.
    const context = vm.createContext({}, { name: 'apps-script', codeGeneration: { strings: true, wasm: false } });
    vm.runInContext('delete globalThis.gc', context);
    const runtime = runtimeScript.runInContext(context) as { install(b: unknown): { prepare(n: string, a: string): void; run(): string } };
    const install = runtime.install;
    const api = install({ call: ex.call, now: () => Date.now() + clockOffset[0], roots: job.roots });
    codeScript.runInContext(context, { timeout: ex.remaining() });
    api.prepare(job.fnName, job.args);
    Object.defineProperty(context, '__harnessRun__', { value: () => api.run(), configurable: true, enumerable: false });
    const out = vm.runInContext('__harnessRun__()', context, { timeout: ex.remaining() }) as string;
    ex.finish(out);
  } catch (e) {
    const err = e as Error;
    const timedOut = /Script execution timed out/.test(String(err?.message));
    ex.finish(
      JSON.stringify({
        ok: false,
        e: timedOut
          ? { name: 'Error', message: TIMEOUT_MSG, stack: '' }
          : { name: err?.name ?? 'Error', message: String(err?.message ?? err), stack: err?.stack ?? '' },
      }),
    );
  }
}

parentPort!.on('message', (job: WorkerJob) => run(job));
