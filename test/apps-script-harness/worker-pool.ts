/**
 * The worker threads that run a harness's executions (exec-worker.ts). Starting a thread and parsing Code.js for
 * every execution cost the harness 25+ ms a cell, minutes for a column of 10,000 formulas; so a worker that ended its
 * execution normally goes back to the pool and runs a later one, each in a fresh vm context. A worker whose execution
 * was cut (time limit, watchdog) or failed is terminated, never reused. At most `maxIdle()` workers wait idle (the
 * executions a user may run at once); an idle worker does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { harnessBundles } from './build';
import type { WorkerInput } from './exec-worker';

/** Old-generation room for the worker itself (the compiled Code.js and runtime, replies in flight), above the ceiling. */
const WORKER_OWN_MB = 96;

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();
  /** Workers started over the pool's life (a figure for tests and benchmarks). */
  started = 0;

  constructor(
    private readonly input: Omit<WorkerInput, 'runtimeSource'>,
    private readonly maxIdle: () => number,
    /** The executions' heap ceiling (MB, 0 = none): a worker's own heap limit is set above it as a backstop. */
    private readonly heapCeilingMb: () => number = () => 0,
  ) {}

  acquire(): Worker {
    const w = this.idle.pop() ?? this.start();
    w.ref();
    return w;
  }

  /** `reusable`: the execution ended by itself, within its time. Otherwise the worker is ended. The caller has removed its listeners. */
  release(w: Worker, reusable: boolean): void {
    if (reusable && this.live.has(w) && this.idle.length < this.maxIdle()) {
      w.unref();
      this.idle.push(w);
      return;
    }
    this.live.delete(w);
    void w.terminate();
  }

  async close(): Promise<void> {
    const all = [...this.live];
    this.live.clear();
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private start(): Worker {
    const { workerFile, runtimeSource } = harnessBundles();
    const workerData: WorkerInput = { ...this.input, runtimeSource };
    // The ceiling is checked at each service call (exec-worker.ts); a script that allocates without calling any
    // service is stopped by V8 itself past the ceiling plus room for the worker's own code (its out-of-memory error).
    const ceiling = this.heapCeilingMb();
    const resourceLimits = ceiling > 0 ? { maxOldGenerationSizeMb: ceiling + WORKER_OWN_MB } : undefined;
    const w = new Worker(workerFile, { workerData, stdout: false, stderr: false, execArgv: workerExecArgv(), resourceLimits });
    this.started++;
    this.live.add(w);
    // A worker that ends by itself (crash, out of memory) leaves the pool.
    w.once('exit', () => {
      this.live.delete(w);
      const i = this.idle.indexOf(w);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return w;
  }
}

/**
 * Node flags for an execution's worker: the parent's without its module loaders. The worker is a prebuilt bundle;
 * inheriting tsx's loader (as under `npx tsx`) cost about 100 ms per execution, the harness's own cost.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (/^(-r|--require|--import|--loader|--experimental-loader)$/.test(argv[i])) i++;
    else if (!/^--(require|import|loader|experimental-loader)=/.test(argv[i])) out.push(argv[i]);
  }
  return out;
}
