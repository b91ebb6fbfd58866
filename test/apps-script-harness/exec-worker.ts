/**
 * One Apps Script execution, in its own worker thread: a fresh vm context (a new global per execution, as in Apps
 * Script), the runtime bundle, the script, then the call. Service calls block this thread on Atomics.wait until the
 * host (main thread) answers through a MessagePort — that is what makes UrlFetchApp, sleep and locks synchronous.
 * Bundled by esbuild at harness start (see build.ts) so it loads the same under jest/swc and tsx.
 */
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

function call(request: string): string {
  Atomics.store(flag, 0, 0);
  input.port.postMessage(request);
  // Wake every 50 ms so a vm timeout (busy-loop guard) can still interrupt this thread.
  while (Atomics.wait(flag, 0, 0, 50) === 'timed-out');
  // The host posts the reply before it raises the flag, but on a loaded machine the message can reach this
  // port's queue a moment after the flag: look again for a while before calling it missing.
  for (let waited = 0; waited < 5000; waited += 10) {
    const reply = receiveMessageOnPort(input.port);
    if (reply) return reply.message as string;
    Atomics.wait(flag, 0, 1, 10);
  }
  throw new Error('harness: service reply missing');
}

function remaining(): number {
  return Math.max(1, Math.floor(input.deadline - Date.now()));
}

function finish(result: string): void {
  parentPort!.postMessage(result);
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
