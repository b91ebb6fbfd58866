/**
 * Issue 34: `npm start` decides every port before the slow steps (scripts/n8n/start-ports.ts). Real sockets: a
 * listener stands in for a user's own n8n on a port; the "defaults" are free ports of this machine so the test does
 * not depend on what runs on 5678 here. The full run (both n8n majors, 5678 and 5679 taken) is start-first-run.test.ts.
 */
import * as net from 'node:net';
import { freePort, portTaken } from '../../scripts/n8n/ports';
import { parsePort, portsHelp, resolveStartPorts, START_PORTS } from '../../scripts/n8n/start-ports';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
}

describe('npm start ports', () => {
  let holder: net.Server;
  let takenPort: number;
  beforeAll(async () => {
    holder = await listen(0);
    takenPort = (holder.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('--help lists every port with its flag and default', () => {
    const help = portsHelp();
    for (const p of START_PORTS) expect(help).toMatch(new RegExp(`${p.flag} N\\s+${p.label.replace(/[()']/g, '.')}.*default ${p.default}`));
    expect(START_PORTS.map((p) => [p.flag, p.default])).toEqual([
      ['--port', 8787],
      ['--n8n-port', 5678],
      ['--n8n-broker-port', 5679],
      ['--docs-port', 8788],
    ]);
  });

  it('a taken default is replaced by a free port and the swap is said; a free default is kept', async () => {
    const free = await freePort();
    // The real table, with the n8n editor's default taken and the others' defaults answered as free.
    const taken = async (port: number) => port === 5678;
    const { ports, notes } = await resolveStartPorts({ chosen: {}, n8n: true, n8nMajor: 2 }, taken, async () => free);
    expect(ports).toEqual({ sandbox: 8787, n8n: free, broker: 5679, docs: 8788 });
    expect(notes).toEqual([`n8n's editor: 5678 is in use (another n8n?), so this start uses ${free} (--n8n-port N picks one).`]);
  });

  it('with the real check: ports held by another process are swapped for free ones that nothing holds', async () => {
    const { ports, notes } = await resolveStartPorts({ chosen: { n8n: takenPort }, n8n: true, n8nMajor: 2 }).catch((e: Error) => ({
      ports: {},
      notes: [e.message],
    }));
    // Chosen by flag and taken: refused, naming the flag.
    expect(ports).toEqual({});
    expect(notes[0]).toBe(
      `n8n's editor port ${takenPort} (--n8n-port) is already in use (another n8n, or another program, listens there). Choose another port, or leave --n8n-port out to take a free one.`,
    );
    const all = await resolveStartPorts({ chosen: { sandbox: 0, n8n: 0, broker: 0, docs: 0 }, n8n: true, n8nMajor: 2 });
    const values = Object.values(all.ports);
    expect(values).toHaveLength(4);
    expect(new Set(values).size).toBe(4);
    for (const p of values) expect(await portTaken(p)).toBe(false);
  });

  it('n8n 1.x has no task broker port; --no-n8n needs the sandbox port only', async () => {
    const none = async () => false;
    expect(Object.keys((await resolveStartPorts({ chosen: {}, n8n: true, n8nMajor: 1 }, none)).ports)).toEqual(['sandbox', 'n8n', 'docs']);
    expect(Object.keys((await resolveStartPorts({ chosen: {}, n8n: false, n8nMajor: 0 }, none)).ports)).toEqual(['sandbox']);
  });

  it('port values: 0 to 65535 only', () => {
    expect(parsePort('--n8n-port', '0')).toBe(0);
    expect(parsePort('--n8n-port', '5690')).toBe(5690);
    expect(() => parsePort('--n8n-port', '70000')).toThrow('--n8n-port needs a port number');
    expect(() => parsePort('--docs-port', 'x')).toThrow('--docs-port needs a port number');
  });
});
