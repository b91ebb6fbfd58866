/**
 * One Apps Script execution, in its own worker thread: a fresh vm context (a new global per execution, as in Apps
 * Script), the runtime bundle, the script, then the call. Service calls block this thread on Atomics.wait until the
 * host (main thread) answers through a MessagePort — that is what makes UrlFetchApp, sleep and locks synchronous.
 * Bundled by esbuild at harness start (see build.ts) so it loads the same under jest/swc and tsx.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';

export interface WorkerInput {
  flag: SharedArrayBuffer;
  clock: SharedArrayBuffer;
  port: MessagePort;
  runtimeSource: string;
  code: string;
  codeFilename: string;
  roots: string;
  fnName: string;
  args: string;
  /** Wall-clock epoch ms at which the execution is cut. */
  deadline: number;
}

const input = workerData as WorkerInput;
const flag = new Int32Array(input.flag);
const clockOffset = new Float64Array(input.clock);
const TIMEOUT_MSG = 'Exceeded maximum execution time';

/** A service reply: its JSON, and the long strings it refers to by index (sent beside it, not inside the JSON). */
export interface WorkerReply {
  json: string;
  side: string[];
}

/** The most heap this worker (the script's realm included) held at a service call or at the end. */
let peakHeap = 0;
function sampleHeap(): void {
  peakHeap = Math.max(peakHeap, v8.getHeapStatistics().used_heap_size);
}

/** Numbers this execution's service calls; each reply carries the number of the call it answers. */
let lastSeq = 0;

/**
 * One synchronous service call. The host posts the reply, then bumps the reply counter in `flag` and wakes this
 * thread. The reply is matched by its call's number, never by arrival order: a reply that came after its call
 * stopped waiting (or a wake-up with nothing in the queue) cannot be taken for a later call's answer, which once
 * handed a fetchAll an earlier call's shorter list ("reading 'getResponseCode'" of undefined). The wait ends only
 * with the right reply, the execution's time limit (vm timeout) or the host ending the worker.
 */
function call(request: string, side: string[]): WorkerReply {
  const seq = ++lastSeq;
  sampleHeap();
  input.port.postMessage({ seq, request, side });
  for (;;) {
    const seen = Atomics.load(flag, 0);
    for (let got = receiveMessageOnPort(input.port); got; got = receiveMessageOnPort(input.port)) {
      const reply = got.message as WorkerReply & { seq: number };
      if (reply.seq === seq) return reply;
    }
    // Wake every 50 ms so a vm timeout (busy-loop guard) can still interrupt this thread.
    Atomics.wait(flag, 0, seen, 50);
  }
}

function remaining(): number {
  return Math.max(1, Math.floor(input.deadline - Date.now()));
}

function finish(result: string): void {
  sampleHeap();
  parentPort!.postMessage({ result, peakHeap, serviceCalls: lastSeq });
}

try {
  // A bare context: only ECMAScript built-ins. No require, process, Buffer, setTimeout, fetch, global.
  const context = vm.createContext({}, { name: 'apps-script', codeGeneration: { strings: true, wasm: false } });
  // Wrapped in a function so the bundle's `var __gasRuntime` stays local instead of becoming a script global.
  const runtime = vm.runInContext(`(function () {\n${input.runtimeSource}\nreturn __gasRuntime;\n})()`, context, {
    filename: 'apps-script-runtime.js',
  }) as { install(b: unknown): { prepare(n: string, a: string): void; run(): string } };
  const install = runtime.install;
  const api = install({ call, now: () => Date.now() + clockOffset[0], roots: input.roots });
  vm.runInContext(input.code, context, { filename: input.codeFilename, timeout: remaining() });
  api.prepare(input.fnName, input.args);
  Object.defineProperty(context, '__harnessRun__', { value: () => api.run(), configurable: true, enumerable: false });
  const out = vm.runInContext('__harnessRun__()', context, { timeout: remaining() }) as string;
  finish(out);
} catch (e) {
  const err = e as Error;
  const timedOut = /Script execution timed out/.test(String(err?.message));
  finish(
    JSON.stringify({
      ok: false,
      e: timedOut
        ? { name: 'Error', message: TIMEOUT_MSG, stack: '' }
        : { name: err?.name ?? 'Error', message: String(err?.message ?? err), stack: err?.stack ?? '' },
    }),
  );
}
