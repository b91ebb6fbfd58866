/** A started `npm start` (or `node scripts/start.mjs`) as the start tests read it: its output, a wait for a line, its end. */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { waitFor } from './n8n-rest';

export interface Started {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  waitForText(re: RegExp, ms: number): Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Collects stdout (and stderr, shown when a wait fails) of a child that is npm start. */
export function watchStart(child: ChildProcessWithoutNullStreams): Started {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    exited,
    output: () => out,
    waitForText: (re, ms) =>
      waitFor(`${re} in the output of npm start`, ms, async () => {
        const m = re.exec(out);
        if (m) return m;
        if (done) throw new Error(`npm start exited:\n${out}\n${err.slice(-3000)}`);
        return undefined;
      }).catch((e: Error) => {
        throw new Error(`${e.message}\n--- stdout\n${out}\n--- stderr (tail)\n${err.slice(-3000)}`);
      }),
  };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
