/**
 * Debian's PostgreSQL and Redis for n8n's queue mode, started on loopback ports in a temp folder and stopped after
 * (no system service, no system data touched). PostgreSQL refuses to run as root, so as root its server and initdb run
 * as an unprivileged user (`postgres`, which Debian's package creates, else `nobody`) through `runuser`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../runner';
import { stopChild } from '../stop-child';

export interface LocalService {
  port: number;
  /** Ends the process and deletes its folder. */
  stop(): Promise<void>;
}

/** Where the PostgreSQL server binaries are: PG_BIN_DIR, the newest /usr/lib/postgresql/<major>/bin (Debian), or PATH. */
export function postgresBinDir(): string | undefined {
  const candidates = [process.env.PG_BIN_DIR];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((v) => path.join(debian, v, 'bin')));
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(dir);
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')));
}

/** redis-server on PATH (Debian: /usr/bin). */
export function redisServerBin(): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin']) {
    const bin = path.join(dir, 'redis-server');
    if (dir && existsSync(bin)) return bin;
  }
  return undefined;
}

/** What is missing for queue mode on this machine, in words (empty: all there). */
export function missingServices(): string[] {
  const missing: string[] = [];
  if (!postgresBinDir()) missing.push('PostgreSQL server binaries (initdb, postgres; Debian: apt-get install postgresql)');
  if (!redisServerBin()) missing.push('redis-server (Debian: apt-get install redis-server)');
  return missing;
}

/** As root: the unprivileged user PostgreSQL runs as. Otherwise undefined (run as ourselves). */
function postgresRunAs(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    return 'nobody';
  }
}

function asUser(user: string | undefined, cmd: string, args: string[]): [string, string[]] {
  return user ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
}

function collect(child: ChildProcess): () => string {
  let log = '';
  const keep = (b: Buffer) => (log = (log + b.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => log;
}

async function waitUntil(what: string, ms: number, child: ChildProcess, log: () => string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it was ready:\n${log()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${ms / 1000} s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A throwaway PostgreSQL cluster on 127.0.0.1:<port> with a database `database` owned by superuser `user` (trust
 * authentication: loopback only, no password). Durability is off (fsync): the data dies with the test.
 */
export async function startPostgres(opts: { user: string; database: string }): Promise<LocalService> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(missingServices().join('; '));
  const runAs = postgresRunAs();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-queue-pg-'));
  const data = path.join(dir, 'data');
  if (runAs) execFileSync('chown', ['-R', runAs, dir]);
  await fs.chmod(dir, 0o755);
  const [initCmd, initArgs] = asUser(runAs, path.join(bin, 'initdb'), ['-D', data, '-U', opts.user, '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  try {
    execFileSync(initCmd, initArgs, { stdio: 'pipe', cwd: dir });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer };
    await fs.rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${e.stderr?.toString() ?? ''}${e.stdout?.toString() ?? ''}`);
  }
  const port = await freePort();
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off'];
  const [cmd, args] = asUser(runAs, path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings, '-c', 'full_page_writes=off']);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  const log = collect(child);
  const isReady = path.join(bin, 'pg_isready');
  const createdb = path.join(bin, 'createdb');
  const stop = async () => {
    // A fast shutdown by pg_ctl as the server's own user (runuser does not pass SIGINT on); a signal if that fails.
    const [ctl, ctlArgs] = asUser(runAs, path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '20']);
    try {
      if (child.exitCode === null) execFileSync(ctl, ctlArgs, { stdio: 'ignore' });
    } catch {
      /* already down, or the signal below ends it */
    }
    await stopChild(child);
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('postgres', 60_000, child, log, async () => {
      execFileSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', opts.user, '-d', 'postgres'], { stdio: 'ignore' });
      return true;
    });
    execFileSync(createdb, ['-h', '127.0.0.1', '-p', String(port), '-U', opts.user, opts.database], { stdio: 'pipe' });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

/** A throwaway Redis on 127.0.0.1:<port>, nothing saved to disk. */
export async function startRedis(): Promise<LocalService> {
  const bin = redisServerBin();
  if (!bin) throw new Error(missingServices().join('; '));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-queue-redis-'));
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: dir,
  });
  const log = collect(child);
  const stop = async () => {
    await stopChild(child);
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('redis-server', 30_000, child, log, () => redisPing(port));
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

/** True when Redis answers PING with PONG. */
function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (b) => {
      answer += b.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
    socket.on('error', () => resolve(false));
  });
}
