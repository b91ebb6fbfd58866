import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child process: `signal` (SIGTERM lets n8n, PostgreSQL and Redis shut down cleanly), then SIGKILL if it
 * has not exited after `graceMs`. Resolves when it has exited; at once when it already had.
 */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
