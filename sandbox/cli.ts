/**
 * `npm run sandbox`: starts the sandbox and prints one JSON line (addresses and credentials) on stdout.
 * Logs go to stderr. SIGINT / SIGTERM close it cleanly.
 */
import { readFileSync } from 'node:fs';
import { startSandbox, type SandboxOptions } from './index';

const USAGE = `usage: tsx sandbox/cli.ts [--port N] [--host H] [--seed N] [--contacts N] [--companies N] [--config FILE.json]`;

function parseArgs(argv: string[]): SandboxOptions {
  const opts: SandboxOptions = {};
  const num = (flag: string, v: string | undefined) => {
    if (v === undefined || !/^\d+$/.test(v)) throw new Error(`${flag} needs a non-negative integer`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--port':
        opts.port = num(flag, value());
        break;
      case '--host':
        opts.host = value();
        break;
      case '--seed':
        opts.seed = num(flag, value());
        break;
      case '--contacts':
        opts.contacts = num(flag, value());
        break;
      case '--companies':
        opts.companies = num(flag, value());
        break;
      case '--config': {
        const file = value();
        if (!file) throw new Error('--config needs a file');
        opts.config = JSON.parse(readFileSync(file, 'utf8'));
        break;
      }
      case '--help':
      case '-h':
        process.stderr.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  if (opts.companies === 0 || opts.contacts === 0) throw new Error('--contacts and --companies must be at least 1');
  return opts;
}

async function main(): Promise<void> {
  let opts: SandboxOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const sandbox = await startSandbox(opts);
  process.stdout.write(`${JSON.stringify(sandbox.info())}\n`);
  process.stderr.write(`[sandbox] listening on ${sandbox.origin} (admin ${sandbox.admin})\n`);
  const stop = (signal: string) => {
    process.stderr.write(`[sandbox] ${signal}: closing\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`[sandbox] failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
