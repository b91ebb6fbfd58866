/** Shared by the harness's own tests: the child-process echo server and a harness with cleanup. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createHarness, type Harness, type HarnessOptions } from './harness';

export interface EchoServer {
  base: string;
  stop(): Promise<void>;
}

export function startEchoServer(): Promise<EchoServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'fixtures', 'echo-server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (c: Buffer) => {
      const { port } = JSON.parse(c.toString('utf8').split('\n')[0]) as { port: number };
      resolve({
        base: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((r) => {
            child.once('exit', () => r());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

const open: Harness[] = [];

export function harness(opts: HarnessOptions): Harness {
  const h = createHarness(opts);
  open.push(h);
  return h;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((h) => h.close()));
}
