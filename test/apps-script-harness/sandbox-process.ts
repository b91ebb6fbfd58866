/**
 * Starts the sandbox API (`npx tsx sandbox/cli.ts --port 0`) as a child process. It must not share the harness's
 * thread: the script's UrlFetchApp calls block an execution worker, and the host answers them from its event loop.
 * The sandbox prints one JSON line on stdout describing itself; we return it parsed.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

import type { SandboxInfo as PrintedInfo } from '../../sandbox';

/** The line the sandbox CLI prints (sandbox/index.ts), plus whatever a later version adds. */
export type SandboxInfo = PrintedInfo & { [extra: string]: unknown };

export interface SandboxProcess {
  info: SandboxInfo;
  /** stderr seen so far (for diagnosing a failing test). */
  stderr(): string;
  stop(): Promise<void>;
}

export interface SandboxProcessOptions {
  /** Path of a sandbox config file, passed as --config. */
  config?: string;
  /** Repository root (default: two levels above this file). */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** More CLI flags, such as ['--contacts', '21000'] (sandbox/cli.ts). */
  args?: readonly string[];
  /** How long to wait for the JSON line (default 60 s: tsx compiles on first start). */
  startTimeoutMs?: number;
}

export function startSandboxProcess(opts: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  const cwd = opts.cwd ?? path.resolve(__dirname, '..', '..');
  const args = ['tsx', 'sandbox/cli.ts', '--port', '0', ...(opts.config ? ['--config', opts.config] : []), ...(opts.args ?? [])];
  // detached: its own process group, so stop() ends npx, tsx and node together (by this group's id only).
  const child = spawn('npx', args, { cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const t = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000);
    await exited;
    clearTimeout(t);
  };

  return new Promise<SandboxProcess>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`sandbox did not print its JSON line within ${opts.startTimeoutMs ?? 60_000} ms. stderr:\n${stderr}`));
    }, opts.startTimeoutMs ?? 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited (code ${code}) before printing its JSON line. stderr:\n${stderr}`));
    });
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line.startsWith('{')) continue;
        try {
          const info = JSON.parse(line) as SandboxInfo;
          clearTimeout(timer);
          resolve({ info, stderr: () => stderr, stop });
          return;
        } catch {
          /* not the info line */
        }
      }
    });
  });
}
