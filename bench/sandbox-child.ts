/**
 * The sandbox as a child process for the benchmarks, with a config file and a universe of `contacts` people (the
 * test helper's startSandboxProcess passes no --contacts: its universe is too small for 20,000 saved contacts).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SandboxInfo } from '../test/apps-script-harness';

export interface BenchSandbox {
  info: SandboxInfo;
  stop(): void;
}

export function startBenchSandbox(config: Record<string, unknown>, contacts: number): Promise<BenchSandbox> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pds-bench-')), 'config.json');
  fs.writeFileSync(file, JSON.stringify(config));
  const child = spawn('npx', ['tsx', 'sandbox/cli.ts', '--port', '0', '--contacts', String(contacts), '--config', file], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ info: JSON.parse(line) as SandboxInfo, stop: () => process.kill(-child.pid!, 'SIGTERM') });
    });
  });
}
