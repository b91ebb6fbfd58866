/**
 * Utilities. sleep() really waits (the sandbox's rate-limit windows must pass in real time) and so counts toward the
 * execution's time limit; the harness clock moves with it. Digests/HMACs return Apps Script's signed Byte[].
 */
import * as crypto from 'node:crypto';
import { GasException } from '../errors';
import type { Limits } from '../limits';
import { Blob, toBuffer, toSignedBytes } from './blob';

const DIGESTS: Record<string, string> = { MD2: 'md2', MD5: 'md5', SHA_1: 'sha1', SHA_256: 'sha256', SHA_384: 'sha384', SHA_512: 'sha512' };
const MACS: Record<string, string> = { HMAC_MD5: 'md5', HMAC_SHA_1: 'sha1', HMAC_SHA_256: 'sha256', HMAC_SHA_384: 'sha384', HMAC_SHA_512: 'sha512' };

function charsetOf(c: unknown): string {
  return c === undefined ? 'UTF_8' : String(c);
}

/** java.text.SimpleDateFormat subset: y M d H h m s S a E z Z X and 'quoted' text. */
export function formatDate(date: Date, timeZone: string, pattern: string): string {
  let parts: Record<string, string>;
  try {
    parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        weekday: 'long',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      })
        .formatToParts(date)
        .map((p) => [p.type, p.value]),
    );
  } catch {
    throw new GasException(`Invalid argument: timeZone`);
  }
  const pad = (n: number | string, w: number): string => String(n).padStart(w, '0');
  const month = Number(parts.month);
  const hour = Number(parts.hour);
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return pattern.replace(/'([^']*)'|y+|M+|d+|H+|h+|m+|s+|S+|a|E+|z+|Z+|X+/g, (tok, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    const n = tok.length;
    switch (tok[0]) {
      case 'y':
        return n === 2 ? parts.year.slice(-2) : pad(parts.year, n);
      case 'M':
        return n >= 4 ? months[month - 1] : n === 3 ? months[month - 1].slice(0, 3) : pad(month, n);
      case 'd':
        return pad(parts.day, n);
      case 'H':
        return pad(hour, n);
      case 'h':
        return pad(hour % 12 === 0 ? 12 : hour % 12, n);
      case 'm':
        return pad(parts.minute, n);
      case 's':
        return pad(parts.second, n);
      case 'S':
        return pad(date.getUTCMilliseconds(), 3).slice(0, Math.max(n, 3));
      case 'a':
        return hour < 12 ? 'AM' : 'PM';
      case 'E':
        return n >= 4 ? parts.weekday : parts.weekday.slice(0, 3);
      case 'z':
        return offset === '+00:00' ? 'UTC' : `GMT${offset}`;
      case 'Z':
        return offset.replace(':', '');
      case 'X':
        return offset === '+00:00' ? 'Z' : n === 1 ? offset.slice(0, 3) : n === 2 ? offset.replace(':', '') : offset;
    }
    return tok;
  });
}

export class Utilities {
  constructor(private readonly _limits: Limits) {}

  async sleep(milliseconds: unknown): Promise<void> {
    const ms = Number(milliseconds);
    if (!Number.isFinite(ms) || ms < 0 || ms > this._limits.sleepMaxMs) throw new GasException('Invalid argument: milliseconds');
    // unref: a sleep cut by the deadline must not keep the test process alive.
    await new Promise((r) => setTimeout(r, ms).unref());
  }
  getUuid(): string {
    return crypto.randomUUID();
  }
  formatDate(date: unknown, timeZone: unknown, format: unknown): string {
    if (!(date instanceof Date)) throw new GasException('Invalid argument: date');
    return formatDate(date, String(timeZone), String(format));
  }
  formatString(template: unknown, ...args: unknown[]): string {
    let i = 0;
    return String(template).replace(/%(-?\d*)(?:\.(\d+))?([sdif%])/g, (_m, _w, prec: string | undefined, conv: string) => {
      if (conv === '%') return '%';
      const v = args[i++];
      if (conv === 'd' || conv === 'i') return String(Math.trunc(Number(v)));
      if (conv === 'f') return Number(v).toFixed(prec === undefined ? 6 : Number(prec));
      return String(v);
    });
  }
  base64Encode(data: unknown, charset?: unknown): string {
    return toBuffer(data, charsetOf(charset)).toString('base64');
  }
  base64EncodeWebSafe(data: unknown, charset?: unknown): string {
    return toBuffer(data, charsetOf(charset)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }
  base64Decode(encoded: unknown): number[] {
    return toSignedBytes(Buffer.from(String(encoded), 'base64'));
  }
  base64DecodeWebSafe(encoded: unknown): number[] {
    return toSignedBytes(Buffer.from(String(encoded).replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
  }
  computeDigest(algorithm: unknown, value: unknown, charset?: unknown): number[] {
    const alg = DIGESTS[String(algorithm)];
    if (!alg) throw new GasException('Invalid argument: algorithm');
    return toSignedBytes(
      crypto
        .createHash(alg)
        .update(toBuffer(value, charsetOf(charset)))
        .digest(),
    );
  }
  computeHmacSignature(algorithm: unknown, value: unknown, key: unknown, charset?: unknown): number[] {
    const alg = MACS[String(algorithm)];
    if (!alg) throw new GasException('Invalid argument: algorithm');
    const c = charsetOf(charset);
    return toSignedBytes(crypto.createHmac(alg, toBuffer(key, c)).update(toBuffer(value, c)).digest());
  }
  computeHmacSha256Signature(value: unknown, key: unknown, charset?: unknown): number[] {
    return this.computeHmacSignature('HMAC_SHA_256', value, key, charset);
  }
  newBlob(data: unknown, contentType?: unknown, name?: unknown): Blob {
    return new Blob(toBuffer(data ?? ''), contentType === undefined ? null : String(contentType), name === undefined ? null : String(name));
  }
  jsonStringify(obj: unknown): string {
    return JSON.stringify(obj);
  }
  jsonParse(json: unknown): unknown {
    return JSON.parse(String(json));
  }
  parseCsv(csv: unknown, delimiter?: unknown): string[][] {
    const d = delimiter === undefined ? ',' : String(delimiter);
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    const s = String(csv);
    const endRow = (): void => {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    };
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (quoted) {
        if (ch === '"' && s[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === d) {
        row.push(field);
        field = '';
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && s[i + 1] === '\n') i++;
        endRow();
      } else field += ch;
    }
    if (field !== '' || row.length) endRow();
    return rows;
  }
}
