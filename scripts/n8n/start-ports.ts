/**
 * Every port `npm start` listens on, decided before any slow step (installing n8n, packing, importing): a default that
 * is taken (a user's own n8n on 5678 and 5679, a second `npm start`) is replaced by a free port and the swap is said;
 * a port the user named with its flag and that is taken stops the start at once, naming the flag. `--help` lists the
 * same table, so flags, defaults and the printed ports come from one place.
 */
import { freePort, portTaken } from './ports';

export type StartPortKey = 'sandbox' | 'n8n' | 'broker' | 'docs';

export interface StartPort {
  key: StartPortKey;
  flag: string;
  default: number;
  /** How messages name it. */
  label: string;
  /** Which starts listen on it: the sandbox always; the rest only with n8n, the broker only on n8n 2.x. */
  needs: 'always' | 'n8n' | 'n8n2';
}

export const START_PORTS: readonly StartPort[] = [
  { key: 'sandbox', flag: '--port', default: 8787, label: 'sandbox', needs: 'always' },
  { key: 'n8n', flag: '--n8n-port', default: 5678, label: "n8n's editor", needs: 'n8n' },
  // n8n 2.x always starts its task broker; 1.x runs here with N8N_RUNNERS_ENABLED=false and has none.
  { key: 'broker', flag: '--n8n-broker-port', default: 5679, label: "n8n's task broker", needs: 'n8n2' },
  { key: 'docs', flag: '--docs-port', default: 8788, label: 'the package README page', needs: 'n8n' },
];

export function portFlag(flag: string): StartPort | undefined {
  return START_PORTS.find((p) => p.flag === flag);
}

/** The ports part of `npm start -- --help`: one line per port with its flag, default and when it is used. */
export function portsHelp(): string {
  const when = { always: '', n8n: ' (with n8n)', n8n2: ' (n8n 2.x only)' };
  return START_PORTS.map((p) => `  ${`${p.flag} N`.padEnd(22)}${p.label}${when[p.needs]}: default ${p.default}; 0 takes a free port`).join('\n');
}

/** Parses a port flag's value: 0 (any free port) to 65535. */
export function parsePort(flag: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new Error(`${flag} needs a port number (0 to 65535, 0 takes a free one), not "${value}"`);
  return Number(value);
}

export interface ResolvedPorts {
  /** The port each listener of this start uses; only the ones it will listen on. */
  ports: Partial<Record<StartPortKey, number>>;
  /** One line per default that was taken and replaced, to print. */
  notes: string[];
}

/**
 * Decides the ports of one start. `chosen`: the ports the user gave by flag (0 = any free one). A chosen port that is
 * taken throws (the user asked for it); a taken default is replaced by a free port. `taken` is injectable for tests.
 */
export async function resolveStartPorts(
  opts: { chosen: Partial<Record<StartPortKey, number>>; n8n: boolean; n8nMajor: number },
  taken: (port: number) => Promise<boolean> = portTaken,
  free: () => Promise<number> = freePort,
): Promise<ResolvedPorts> {
  const needed = START_PORTS.filter((p) => p.needs === 'always' || (opts.n8n && (p.needs === 'n8n' || opts.n8nMajor >= 2)));
  const ports: ResolvedPorts['ports'] = {};
  const notes: string[] = [];
  const used = new Set<number>();
  const pickFree = async () => {
    for (;;) {
      const p = await free();
      if (!used.has(p)) return p;
    }
  };
  for (const p of needed) {
    const chosen = opts.chosen[p.key];
    let port: number;
    if (chosen !== undefined && chosen !== 0) {
      if (used.has(chosen) || (await taken(chosen)))
        throw new Error(
          `${p.label} port ${chosen} (${p.flag}) is already in use (another n8n, or another program, listens there). Choose another port, or leave ${p.flag} out to take a free one.`,
        );
      port = chosen;
    } else if (chosen === 0) {
      port = await pickFree();
    } else if (used.has(p.default) || (await taken(p.default))) {
      port = await pickFree();
      notes.push(`${p.label}: ${p.default} is in use (another n8n?), so this start uses ${port} (${p.flag} N picks one).`);
    } else {
      port = p.default;
    }
    used.add(port);
    ports[p.key] = port;
  }
  return { ports, notes };
}
