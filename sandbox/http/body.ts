/** Request body reading and parsing, with a size cap so no input can exhaust memory. */
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../errors';

/** 'text' hands the raw text to the handler (MCP parses JSON itself to answer JSON-RPC parse errors). */
export type BodyMode = 'none' | 'json' | 'jsonOrForm' | 'form' | 'text';

/** The client closed the connection before its request was read: nobody is left to answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('client closed the connection');
    this.name = 'ClientGoneError';
  }
}

/**
 * Reads the whole body; past `maxBytes` it keeps draining (so the answer reaches the client) and fails 413.
 * A request whose client has gone (before or while reading) fails with ClientGoneError at once: its 'end'
 * never comes, and waiting for it would hold the request in memory for ever.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.readableEnded && !req.complete) return Promise.reject(new ClientGoneError());
  if (req.destroyed && !req.readableEnded) return Promise.reject(new ClientGoneError());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > maxBytes;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, `Request body exceeds the limit of ${maxBytes} bytes`));
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    req.on('error', () => reject(new ClientGoneError()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGoneError());
    });
  });
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function formToObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

/** Parses a body by mode. Empty body gives undefined; handlers decide whether that is allowed. */
export function parseBody(raw: Buffer, contentType: string | undefined, mode: BodyMode): unknown {
  if (mode === 'none' || raw.length === 0) return undefined;
  const type = mediaType(contentType);
  if (mode === 'text') {
    if (type !== 'application/json') throw new HttpError(415, `Content-Type must be application/json, got "${type || 'none'}"`);
    return raw.toString('utf8');
  }
  // Spec 4: bodies are `Content-Type: application/json` (parameters such as charset are fine); a vendor
  // `+json` type is not what the service documents, so it is refused like any other type.
  const isJson = type === 'application/json';
  const isForm = type === 'application/x-www-form-urlencoded';
  if (mode === 'form' || (mode === 'jsonOrForm' && isForm)) {
    if (!isForm) throw new HttpError(415, `Content-Type must be application/x-www-form-urlencoded, got "${type || 'none'}"`);
    return formToObject(raw.toString('utf8'));
  }
  if (!isJson) {
    const accepted = mode === 'jsonOrForm' ? 'application/json or application/x-www-form-urlencoded' : 'application/json';
    throw new HttpError(415, `Content-Type must be ${accepted}, got "${type || 'none'}"`);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new HttpError(400, `Malformed JSON body: ${(err as Error).message}`);
  }
}
