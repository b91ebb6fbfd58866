/**
 * The ports an n8n process listens on. n8n 2.x always starts a task broker for its task runners (N8N_RUNNERS_ENABLED
 * no longer turns it off) on 5679 unless told otherwise, so with any other n8n 2.x on the machine (a user's own, or
 * `npm start` beside `npm test`) a second one fails with "Task Broker's port 5679 is already in use". Every n8n the
 * project starts gets free ports for everything it listens on: the editor/REST port and the broker's.
 */
import * as net from 'node:net';

/** A free loopback port (n8n needs a concrete one: it cannot report a port 0 choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The listeners of one n8n process besides its main port: the task broker on a free port, unless the environment
 * already names one (a queue-mode cluster picks its own per process).
 */
export async function listenerEnv(env: Record<string, string | undefined>): Promise<Record<string, string>> {
  return env.N8N_RUNNERS_BROKER_PORT ? {} : { N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
}

/** Whether something already listens on this loopback port. */
export function portTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(true));
    srv.listen(port, host, () => srv.close(() => resolve(false)));
  });
}

/** A clear refusal when n8n's main port is taken, before n8n is started and fails with a stack of its own. */
export async function assertPortFree(port: number, what: string, advice: string): Promise<void> {
  if (await portTaken(port)) throw new Error(`${what} port ${port} is already in use (another n8n, or another program, listens there). ${advice}`);
}

/** The port n8n says is taken in its log ("n8n Task Broker's port 5679 is already in use", "Port 5678 is already in use"). */
export function takenPortIn(log: string): string | undefined {
  const broker = /Task Broker's port (\d+) is already in use/i.exec(log);
  if (broker) return `n8n's task broker port ${broker[1]} is already in use`;
  const main = /\b[Pp]ort (\d+) is already in use/.exec(log) ?? /EADDRINUSE[^\n]*?:(\d+)/.exec(log);
  return main ? `port ${main[1]} is already in use` : undefined;
}
