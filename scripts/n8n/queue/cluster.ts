/**
 * n8n in queue mode on one machine: PostgreSQL and Redis (services.ts), one main process (`n8n start`: editor, REST,
 * webhooks; it queues each production execution in Redis) and N workers (`n8n worker`: they take executions off the
 * queue and run them). All share one home folder (the installed package in `.n8n/nodes/`), one database and one
 * N8N_ENCRYPTION_KEY, as the processes of a real queue-mode install share them.
 *
 *   const cluster = await createQueueCluster({ version: '2.41.1', packageTarball: packN8nPackage(), workers: 2 });
 *   await cluster.home.importCredentials([...]);  // CLI commands before start, as with createN8nHome
 *   const { url } = await cluster.start();
 *   await cluster.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createN8nHome, ensureN8n, freePort, type N8nHome, type N8nServer } from '../runner';
import { stopChild } from '../stop-child';
import { startPostgres, startRedis, type LocalService } from './services';

export interface QueueWorker {
  /** The worker's output so far (its last 200,000 characters): which executions it ran. */
  log(): string;
}

export interface QueueCluster {
  home: N8nHome;
  /** The environment of the queue-mode settings alone (what a user sets on main and workers alike). */
  queueEnv: Record<string, string>;
  /** Starts the main process, then the workers; resolves when all are ready. */
  start(): Promise<{ url: string; workers: QueueWorker[] }>;
  /** Stops the workers, main, Redis and PostgreSQL, and deletes the home. */
  stop(): Promise<void>;
}

/** What a worker prints once it takes executions off the queue. */
const WORKER_READY = 'n8n worker is now ready';

/**
 * Everything n8n needs for queue mode (docs: "Configuring queue mode"): executions queued in Redis (Bull), the database
 * every process shares (PostgreSQL: SQLite cannot be shared), and manual executions run by workers too.
 */
export function queueModeEnv(pg: { port: number; user: string; database: string }, redisPort: number): Record<string, string> {
  return {
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: String(redisPort),
    OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: '127.0.0.1',
    DB_POSTGRESDB_PORT: String(pg.port),
    DB_POSTGRESDB_DATABASE: pg.database,
    DB_POSTGRESDB_USER: pg.user,
    DB_POSTGRESDB_PASSWORD: '',
  };
}

export async function createQueueCluster(opts: { version: string; packageTarball: string; workers: number }): Promise<QueueCluster> {
  const paths = await ensureN8n(opts.version);
  const pgUser = 'n8n';
  const services: LocalService[] = [];
  const children: ChildProcess[] = [];
  let server: N8nServer | undefined;
  let home: N8nHome | undefined;
  const stop = async () => {
    await Promise.all(children.map((c) => stopChild(c, 'SIGTERM', 20_000)));
    await server?.stop();
    await home?.cleanup();
    await Promise.all(services.map((s) => s.stop()));
  };
  try {
    const [pg, redis] = await Promise.all([startPostgres({ user: pgUser, database: 'n8n' }), startRedis()]);
    services.push(pg, redis);
    const queueEnv = queueModeEnv({ port: pg.port, user: pgUser, database: 'n8n' }, redis.port);
    // Each process runs its own task-runner broker: one port each, or the second process could not listen.
    home = await createN8nHome({
      version: opts.version,
      packageTarball: opts.packageTarball,
      env: { ...queueEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
    });
    const created = home;
    return {
      home: created,
      queueEnv,
      async start() {
        server = await created.startServer();
        const workers = await Promise.all(
          Array.from({ length: opts.workers }, async () => {
            const env = { ...created.env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
            const child = spawn(paths.nodeBin, [paths.n8nBin, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
            children.push(child);
            let log = '';
            const keep = (b: Buffer) => (log = (log + b.toString()).slice(-200_000));
            child.stdout.on('data', keep);
            child.stderr.on('data', keep);
            const deadline = Date.now() + 180_000;
            while (!log.includes(WORKER_READY)) {
              if (child.exitCode !== null) throw new Error(`n8n worker exited before it was ready:\n${log.slice(-4000)}`);
              if (Date.now() > deadline) throw new Error(`n8n worker not ready within 180 s:\n${log.slice(-4000)}`);
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
            return { log: () => log };
          }),
        );
        return { url: server.url, workers };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
