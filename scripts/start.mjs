#!/usr/bin/env node
/**
 * `npm start`: starts the sandbox (the local Prospecting Data Service), prints how to call it, and stays
 * up until Ctrl-C. Extra arguments go to the sandbox CLI (e.g. `npm start -- --port 0`).
 * (A later issue starts n8n beside it.)
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli', { paths: [root] });
const child = spawn(process.execPath, [tsxCli, 'sandbox/cli.ts', ...process.argv.slice(2)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });

let printed = false;
createInterface({ input: child.stdout }).on('line', (line) => {
  if (printed) return void process.stdout.write(`${line}\n`);
  printed = true;
  let info;
  try {
    info = JSON.parse(line);
  } catch {
    return void process.stdout.write(`${line}\n`);
  }
  const end = new Date().toISOString();
  const startDate = new Date(Date.now() - 90 * 86_400_000).toISOString();
  process.stdout.write(`Prospecting Data Service sandbox is up.

  v1 base   ${info.v1}
  v2 base   ${info.v2}
  auth      ${info.auth}/oauth/authorize
  MCP       ${info.mcp}
  admin     ${info.admin}/state

  API key (org A)  ${info.apiKey}
  API key (org B)  ${info.apiKeyB}
  OAuth client     ${info.oauth.clientId} / ${info.oauth.clientSecret}  redirect ${info.oauth.redirectUri}
  Sign-in          ${info.user.email} / ${info.user.password}

Try:
  curl -s -H 'Token: ${info.apiKey}' ${info.v2}/oauth/me
  curl -s -H 'Token: ${info.apiKey}' -H 'Content-Type: application/json' -d '{"seniority":["VP"],"limit":3}' ${info.v2}/search/contacts
  curl -s -H 'Token: ${info.apiKey}' '${info.v1}/contacts?limit=5&startDate=${startDate}&endDate=${end}'

Press Ctrl-C to stop.
`);
});

const stop = (signal) => {
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
